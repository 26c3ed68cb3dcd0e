import type { TestApp } from './test-app';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One operation of the OpenAPI document, with the names of the fields it takes. */
export interface Operation {
  method: string;
  /** The path as Fastify writes it (`:id`, not `{id}`). */
  url: string;
  pathParams: string[];
  queryFields: string[];
  bodyFields: string[];
  /** Content types the body is documented with (JSON, or multipart for uploads). */
  bodyTypes: string[];
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

function propertiesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.allOf ?? []), ...(schema.oneOf ?? [])].flatMap(propertiesOf);
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested])];
}

/** Every operation of the app's OpenAPI document (`app.http.swagger()`). */
export function openApiOperations(app: TestApp): Operation[] {
  const document = app.http.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryFields: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        bodyFields: Object.values(content).flatMap((media) => propertiesOf(media.schema)),
        bodyTypes: Object.keys(content),
      });
    }
  }
  return operations;
}

/** Every field name an operation takes, wherever it goes (path, query or body). */
export function fieldsOf(operation: Operation): string[] {
  return [...new Set([...operation.pathParams, ...operation.queryFields, ...operation.bodyFields])];
}
