// chromium.mjs -- the headless Chromium the browser tests drive: Debian's
// (or $CHROMIUM), through the pinned puppeteer-core (tests/web/run.sh
// installs it; the node tests without a browser do not need it).
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export function launchChromium() {
  return puppeteer.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
