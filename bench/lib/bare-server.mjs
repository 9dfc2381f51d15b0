// The baseline: node:http answering every request with the same 302, nothing else.
import http from 'node:http';

const location = 'https://www.example.com/landing?click_id=AAAAAAAAAAAAAAAAAAAAAA&aff=1&sub=bench';
const server = http.createServer((_request, response) => {
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => server.close(() => process.exit(0)));
