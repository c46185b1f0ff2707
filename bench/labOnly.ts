/**
 * `tsx bench/labOnly.ts [--quick]`: the lab library's figures alone, as JSON (issue 36).
 * @remarks The workflow runs it against its pgvector service (RESEARCHPAL_LAB_BENCH_URL);
 * `npm run bench` includes the same figures on PGlite.
 */
import { labBench } from './labBench'

labBench(process.argv.includes('--quick')).then(
  (figures) => {
    console.log(JSON.stringify(figures, null, 2))
    process.exit(0)
  },
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  }
)
