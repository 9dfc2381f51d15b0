// The node flags every start of the server carries (decision 140): `npm start`, `npm run serve` (package.json, by
// hand: npm scripts cannot import), the systemd unit (deploy/systemd/portal@.service, by hand), the local cluster and
// the benches that measure the server as it runs. A young generation of 32 MB (V8's default is 16 MB on 64-bit):
// buffered clicks wait ~100 ms for their batch, and in a 16 MB young generation they were promoted to the old one at
// 10,000 clicks/s (~1 MB a scavenge), each promotion a pause on the thread that answers redirects.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
