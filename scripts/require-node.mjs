// Plain JavaScript on purpose: it must run on an old Node to tell the user what to install.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`Payrail needs Node.js 22.18 or newer (Node 24 LTS recommended); this is Node ${process.versions.node}.`);
  process.exit(1);
}
