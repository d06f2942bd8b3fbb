// `exports` of 'cloudflare:workers' in the API tests is the test Worker (tests/api/api-worker.ts).
declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import('./api-worker.ts');
    }
  }
}

export {};
