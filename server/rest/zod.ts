// zod with `.openapi()` (from @asteasolutions/zod-to-openapi): every REST schema
// imports `z` from here, so the extension is in place before any schema is built.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
