/**
 * No import cycles among the app's modules, type-only imports included: the lint's
 * import-x/no-cycle sees value imports only.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, projectOptions, sourceFiles, type SourceHost } from './import-graph';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['api', 'db', 'src', 'sw'];

/** Files held in memory, for graphs planted by the tests below. */
function memoryHost(files: Record<string, string>): SourceHost {
  return {
    fileExists: (file) => file in files,
    readFile: (file) => files[file],
  };
}

function cyclesOf(files: Record<string, string>): string[][] {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  return importCycles(importGraph(Object.keys(files), options, memoryHost(files)));
}

describe('import cycles', () => {
  it('api/, db/, src/ and sw/ import in one direction, types included', () => {
    const files = sourceFiles(FOLDERS.map((folder) => path.join(root, folder)));
    const graph = importGraph(files, projectOptions(root), ts.sys);
    // The alias @/ and relative imports both resolve: the graph is not trivially empty.
    expect([...graph.values()].filter((targets) => targets.length > 0).length).toBeGreaterThan(
      files.length / 2,
    );
    const cycles = importCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(root, file).replaceAll(path.sep, '/')).join(' -> '),
    );
    expect(cycles).toEqual([]);
  });

  it('finds a cycle made of type-only imports and re-exports', () => {
    expect(
      cyclesOf({
        '/p/a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
        '/p/b.ts': "export type { C as B } from './c';\n",
        '/p/c.ts': "import { type A } from './a';\nexport interface C { a: A }\n",
        '/p/d.ts': "import type { A } from './a';\nexport type D = A;\n",
      }),
    ).toEqual([['/p/a.ts', '/p/b.ts', '/p/c.ts', '/p/a.ts']]);
  });

  it('finds a module importing itself and a cycle through import()', () => {
    expect(
      cyclesOf({
        '/p/self.ts': "export type Self = import('./self').Other;\nexport type Other = 1;\n",
        '/p/x.ts': "export const load = () => import('./y');\n",
        '/p/y.ts': "import { load } from './x';\nexport const again = load;\n",
      }),
    ).toEqual([
      ['/p/self.ts', '/p/self.ts'],
      ['/p/x.ts', '/p/y.ts', '/p/x.ts'],
    ]);
  });

  it('passes a graph without cycles', () => {
    expect(
      cyclesOf({
        '/p/leaf.ts': 'export type Leaf = 1;\n',
        '/p/mid.ts': "import type { Leaf } from './leaf';\nexport type Mid = Leaf;\n",
        '/p/top.ts':
          "import type { Mid } from './mid';\nimport type { Leaf } from './leaf';\nexport type Top = [Mid, Leaf];\n",
      }),
    ).toEqual([]);
  });
});
