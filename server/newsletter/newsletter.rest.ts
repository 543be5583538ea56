import { Router } from 'express';
import { typedBody } from '../rest/query';
import { contextOf } from '../context/http';

export function newsletterRouter(): Router {
  const router = Router();
  router.post('/newsletter', async (req, res) => {
    const { services } = contextOf(req);
    res.status(201).json(await services.newsletter.subscribe(typedBody(req, { email: 'string' }).email));
  });
  return router;
}
