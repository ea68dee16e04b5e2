// tests/web/serve.mjs -- what the node tests of tests/web share: a server
// started on a free loopback port and stopped with SIGTERM, one HTTP
// request, the server's processes as /proc shows them, and a browser's
// page set to a window size with the server's documents under a CSP.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';

// Starts the server BIN with ARGS (and ENV added to this process's) on a
// free port; resolves { srv, port, token } once it listens.
export function startServer(bin, args, env = {}) {
  const srv = spawn(bin, ['--port', '0', ...args],
                    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    srv.stdout.on('data', d => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\/(?:\?token=([0-9a-f]+))?\n/.exec(out);
      if (m) resolve({ srv, port: Number(m[1]), token: m[2] });
    });
    srv.on('exit', c => reject(new Error(`triad-web exited (${c}) before listening`)));
  });
}

// Stops srv with SIGTERM; resolves { code, signal, seconds } once it
// has exited.
export function stopServer(srv) {
  const t0 = performance.now();
  return new Promise(resolve => {
    srv.on('exit', (code, signal) =>
      resolve({ code, signal, seconds: (performance.now() - t0) / 1000 }));
    srv.kill('SIGTERM');
  });
}

// The fields of /proc/PID/stat after the command name, or null.
function statFields(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch { return null; }       // gone meanwhile
}

// The pids, not zombies, whose parent is pid.
export function childrenOf(pid) {
  return fs.readdirSync('/proc').filter(p => /^\d+$/.test(p)).map(Number).filter(p => {
    const f = statFields(p);
    return f && Number(f[1]) === pid && f[0] !== 'Z';
  });
}

export function alive(pid) {
  const f = statFields(pid);
  return f !== null && f[0] !== 'Z';
}

// The resident set of pid in KiB (0 once it is gone).
export function rssKiB(pid) {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch { return 0; }
}

// The open file descriptors of pid.
export function fdCount(pid) {
  try { return fs.readdirSync(`/proc/${pid}/fd`).length; } catch { return 0; }
}

// One HTTP request to 127.0.0.1:port; resolves { status, headers, json,
// text }.  A new connection each time unless an agent is given.
export function request(port, method, p, body, { headers = {}, from, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method, path: p, agent,
      localAddress: from, headers: { Host: `127.0.0.1:${port}`, ...headers },
    }, res => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', d => { text += d; });
      res.on('end', () => {
        let json = null;
        try { json = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode, headers: res.headers, json, text });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// Sets PAGE (puppeteer's) to SIZE ({width, height, phone}: a phone has
// touch and a mobile viewport) and serves it the documents of BASE as the
// server will serve them: under the Content-Security-Policy CSP (set by
// the test on the document, so that it holds before and after the server
// sends it); a violation is reported on the page's console.
export async function sizeAndCsp(page, base, size, csp) {
  await page.setViewport(size.phone
    ? { width: size.width, height: size.height, isMobile: true, hasTouch: true }
    : { width: size.width, height: size.height });
  await page.setRequestInterception(true);
  page.on('request', async req => {
    if (req.resourceType() !== 'document' || !req.url().startsWith(base)) {
      req.continue();
      return;
    }
    const res = await fetch(req.url());
    req.respond({ status: res.status, body: await res.text(),
      headers: { ...Object.fromEntries(res.headers), 'content-security-policy': csp } });
  });
}
