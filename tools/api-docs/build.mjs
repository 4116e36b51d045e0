// npm run docs: the API reference, docs/api/ (HTML, git-ignored), from the doc comments of the package's
// three entries, sinew-physics, sinew-physics/2d and sinew-physics/scenes. Members marked @internal are
// left out, as the published .d.ts files leave them out. Fails on any warning of typedoc's (a broken
// {@link}, a public type that names one not exported, a comment typedoc cannot read), so the reference
// stays whole.
//
// typedoc drives TypeScript's JavaScript API, which TypeScript 7 (the repository's compiler) does not
// have: this folder is an npm workspace whose own node_modules holds typedoc and TypeScript 5.9, so that
// typedoc, resolving 'typescript' from here, finds that one.

import { Application, LogLevel } from 'typedoc';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

const app = await Application.bootstrap({
  name: 'sinew-physics',
  entryPoints: [`${root}lib/index.ts`, `${root}lib/core.ts`, `${root}lib/2d/index.ts`, `${root}lib/scenes/index.ts`],
  tsconfig: `${root}tsconfig.build.json`,
  out: `${root}docs/api`,
  readme: 'none',
  excludeInternal: true,
  excludePrivate: true,
  excludeProtected: true,
  sort: ['kind', 'instance-first', 'alphabetical-ignoring-documents'],
  disableSources: true,
  githubPages: false,
  hideGenerator: true,
  cleanOutputDir: true,
  treatWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, rewrittenLink: true, notDocumented: false, unusedMergeModuleWith: true },
  // Named by public members but not part of the API: the joints' solver parts (their rows), the snapshot
  // streams and the arena the solver's numbers live in, and the generic bases the 3D and 2D types share
  // (their members are listed on World, World2D and the events and options built on them).
  intentionallyNotExported: [
    'AxisConstraintPart', 'AxisConstraintPart2D', 'HingeRotationPart', 'CoupledRows', 'CoupledRows2D', 'StateReader', 'StateWriter',
    'Float64Allocator', 'CoreWorldOptions', 'JointCoreOptions', 'JointBreakEventOf', 'BodyInvalidEventOf',
  ],
  logLevel: LogLevel.Info,
});

const project = await app.convert();
if (!project) {
  console.error('docs: typedoc could not convert the entries (see above)');
  process.exit(1);
}
app.validate(project);
if (app.logger.hasErrors() || app.logger.hasWarnings()) {
  console.error(`docs: ${app.logger.errorCount} errors, ${app.logger.warningCount} warnings (above); the reference is not written`);
  process.exit(1);
}
await app.generateDocs(project, `${root}docs/api`);
if (app.logger.hasErrors() || app.logger.hasWarnings()) {
  console.error(`docs: ${app.logger.errorCount} errors, ${app.logger.warningCount} warnings while writing (above)`);
  process.exit(1);
}
console.log(`docs: the API reference is in ${root}docs/api/index.html`);
