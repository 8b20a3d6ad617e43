// The project's layers and module edges, checked by dependency-cruiser in `make lint`
// (`npm run lint:deps`). Each rule's comment is what a developer reads when it fails;
// scripts/lint/dependency-rules.test.ts plants a violation of each and shows it caught.
//
// Backend: backend/src/modules/<name>/ is a module; its index.ts is its only door. Inside a module,
// only controllers, route files and the index know HTTP; services, repositories and jobs take typed
// inputs and throw the domain errors of backend/src/shared/errors.ts. The composition roots outside
// the modules (app.ts, jobs/, cli/) may wire any module's parts.
// Front end: frontend/src/features/<name>/ is a feature, reached through index.ts (or staff.ts, the
// auth feature's staff-only door); the router in frontend/src/app may lazy-load a feature's pages.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-through-index',
      comment: "A backend module reaches another module only through that module's index.ts.",
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: {
        path: '^backend/src/modules/([^/]+)/',
        pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'feature-through-index',
      comment: 'A front-end feature reaches another feature only through its index.ts or staff.ts.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: {
        path: '^frontend/src/features/([^/]+)/',
        pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/(index|staff)\\.tsx?$'],
      },
    },
    {
      name: 'only-controllers-know-http',
      comment:
        'Services, repositories and jobs take typed inputs and throw shared/errors: only *.controller.ts, *.routes.ts and index.ts import backend/src/http.',
      severity: 'error',
      from: {
        path: '^backend/src/modules/',
        pathNot: ['\\.(controller|routes)\\.ts$', '/index\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: '^backend/src/http/' },
    },
    {
      name: 'no-repository-outside-its-module',
      comment:
        "A module's repository is its own: another module reads its data through the owner's exported functions.",
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: { path: '^backend/src/modules/([^/]+)/.*\\.repository\\.ts$', pathNot: '^backend/src/modules/$1/' },
    },
    {
      name: 'repositories-below-services',
      comment: 'A repository reads and writes rows: it never calls a service or a controller.',
      severity: 'error',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(service|controller|routes)\\.ts$' },
    },
    {
      name: 'services-below-controllers',
      comment: 'A service never calls a controller or a route file.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.(controller|routes)\\.ts$' },
    },
    {
      name: 'shared-is-a-leaf',
      comment: 'backend/src/shared is used by the modules and the HTTP layer; it uses neither.',
      severity: 'error',
      from: { path: '^backend/src/shared/' },
      to: { path: '^backend/src/(modules|http)/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'contracts is shared by both sides: it imports neither side nor the database package.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(backend|frontend|db)/' },
    },
    {
      name: 'frontend-is-not-backend',
      comment: 'The browser bundle never reaches the server or the database code.',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^(backend|db)/' },
    },
    {
      name: 'no-cycles',
      comment: 'An import cycle makes load order matter and the parts impossible to reason about alone.',
      severity: 'error',
      from: { path: '^(backend|frontend|contracts|db)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage)/' },
    tsPreCompilationDeps: true,
    // jest.mock('../x') names a module like an import does.
    exoticRequireStrings: ['jest.mock', 'jest.requireActual'],
    // The front end's `@/` is its src/, as in frontend/tsconfig.json.
    tsConfig: { fileName: require('node:path').join(__dirname, 'frontend/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
