// Plain JavaScript on purpose: it must run on an old Node to tell the user what to do.
// npm scripts normally run on the Node 24 the project installs (the `node` package in dependencies, whose binary
// npm puts first on every script's PATH), so this only fires when that runtime is missing or bypassed.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    [
      `Payrail needs Node.js 22.18 or newer; this script is running on Node ${process.versions.node}.`,
      'The project brings its own Node 24 (node_modules/.bin/node): run `npm install` first, then use the npm',
      'scripts (`npm start`, `npm test`, `npm run demo`), which put it first on the PATH.',
    ].join('\n'),
  );
  process.exit(1);
}
