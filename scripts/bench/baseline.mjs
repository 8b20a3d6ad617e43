// The yardstick: a bare Express 5 app answering one small JSON body, no middleware. The bench
// starts it exactly like the API (node, NODE_ENV=production) and divides every route by it.
import express from 'express';

const app = express();
app.get('/hello', (_req, res) => {
  res.json({ status: 'ok' });
});
app.listen(Number(process.env.PORT || 18190), '127.0.0.1');
