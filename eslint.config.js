import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const excelImport = {
  name: 'exceljs',
  message: 'Import ExcelJS from platform/exceljs.ts (it fixes Chinese text in streamed reads).',
}

// Kysely calls that build or run SQL; outside a module's queries files they are a lint error.
const dataAccess = [
  'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|with|withRecursive)$/]',
  'CallExpression[callee.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
  // Running a builder: a builder a queries file hands out is finished and run there, not chained on elsewhere.
  'CallExpression[callee.property.name=/^(execute|executeTakeFirst|executeTakeFirstOrThrow)$/]',
]
const dataAccessMessage = 'a module reaches the database only in its queries files (docs/architecture.md)'

// The hand-written "find, 404, check the org scope" sequence: platform/org-scope.ts loadInScope is the one loader
// (it takes a table name or a finder, the message, and how the row names its org).
const handWrittenScopeLoad = [
  "IfStatement[test.operator='!'][consequent.type='ThrowStatement'] + ExpressionStatement:has(CallExpression[callee.name='assertInScope'])",
  "IfStatement:has(ThrowStatement CallExpression[callee.name='notFound']) + ExpressionStatement:has(CallExpression[callee.name='assertInScope'])",
]
const handWrittenScopeLoadMessage =
  'load a row "by id, in my scope, or 404" with loadInScope (platform/org-scope.ts), not by hand'

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `any` is allowed only with a one-line reason next to it; lint flags the rest.
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // exceljs is loaded only through platform/exceljs.ts, which fixes its UTF-8 chunk decoding before it loads.
    files: ['packages/server/**/*.ts'],
    ignores: ['packages/server/src/platform/exceljs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [excelImport],
        },
      ],
    },
  },
  {
    // The shared schemas build on src/z.ts, whose z.string() refuses NUL and lone surrogates in every field.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/z.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import * as z from './z.js' (its z.string() applies the input rules)." }] },
      ],
    },
  },
  {
    // Data access in one place per module: queries.ts, *-queries.ts or queries/ hold every Kysely call; services keep
    // the rules and the transaction boundaries and may import only types from kysely (docs/architecture.md).
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: ['packages/server/src/modules/**/*queries.ts', 'packages/server/src/modules/**/queries/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            excelImport,
            { name: 'kysely', allowTypeImports: true, message: 'Only queries files build SQL; import types only.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...dataAccess.map((selector) => ({ selector, message: dataAccessMessage })),
        ...handWrittenScopeLoad.map((selector) => ({ selector, message: handWrittenScopeLoadMessage })),
      ],
    },
  },
  {
    // Route files and manifests are thin: they read the parsed input, call the module's services and answer.
    files: ['packages/server/src/modules/**/*routes*.ts', 'packages/server/src/modules/**/manifest.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'MemberExpression[property.name="db"]',
          'ObjectPattern > Property[key.name="db"]',
          'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]',
          'CallExpression[callee.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]',
        ].map((selector) => ({
          selector,
          message: "route files call services; data access lives in the module's queries files (docs/architecture.md)",
        })),
      ],
    },
  },
)
