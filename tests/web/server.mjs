// server.mjs -- starts triad-web for the browser tests on a free port.
import { spawn } from 'node:child_process';

// Runs BIN with ARGS and --port 0; resolves to {srv, base} once the
// server prints its address.
export function startServer(bin, args) {
  const srv = spawn(bin, ['--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    srv.stdout.on('data', d => {
      text += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
      if (m) resolve({ srv, base: `http://127.0.0.1:${m[1]}` });
    });
    srv.on('exit', code => reject(new Error('triad-web exited with ' + code)));
  });
}

// Stops a server from startServer and resolves to its exit code.
export function stopServer(srv) {
  return new Promise(resolve => {
    srv.on('exit', c => resolve(c));
    srv.kill('SIGTERM');
  });
}
