import type { PdfBox } from '../pdf/PdfReader'

/** A page's operator list as pdf.js returns it. */
export interface OperatorList {
  fnArray: number[]
  argsArray: unknown[]
}

/** The operator numbers this file reads (pdf.js's `OPS`). */
export type Ops = Record<string, number>

type Matrix = [number, number, number, number, number, number]

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

/**
 * Where a page draws images and paths, in PDF user space.
 * @remarks Follows the current transformation matrix through save/restore, `cm` and form
 * XObjects; an image fills the unit square of its matrix, a path its bounding box (pdf.js
 * passes each path's min/max with `constructPath`). Text is left out: its boxes come from the
 * text layer.
 */
export function graphicBoxes(ops: Ops, list: OperatorList): PdfBox[] {
  const boxes: PdfBox[] = []
  const stack: Matrix[] = []
  let ctm: Matrix = IDENTITY
  const images = new Set(
    [
      'paintImageXObject',
      'paintInlineImageXObject',
      'paintImageMaskXObject',
      'paintSolidColorImageMask',
      'paintImageXObjectRepeat'
    ]
      .map((n) => ops[n])
      .filter((n): n is number => n !== undefined)
  )
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]!
    const args = list.argsArray[i] as unknown[] | null
    if (fn === ops.save) stack.push(ctm)
    else if (fn === ops.restore) ctm = stack.pop() ?? IDENTITY
    else if (fn === ops.transform && args) ctm = multiply(ctm, args as Matrix)
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm)
      const m = args?.[0] as Matrix | null | undefined
      if (m && m.length === 6) ctm = multiply(ctm, [...m] as Matrix)
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY
    else if (images.has(fn)) boxes.push(transformBox(ctm, 0, 0, 1, 1))
    else if (fn === ops.constructPath && args) {
      const mm = args[2] as ArrayLike<number> | null | undefined
      if (mm && mm.length >= 4 && [0, 1, 2, 3].every((k) => Number.isFinite(mm[k]))) {
        boxes.push(transformBox(ctm, mm[0]!, mm[1]!, mm[2]!, mm[3]!))
      }
    }
  }
  return boxes
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    n[0] * m[0] + n[1] * m[2],
    n[0] * m[1] + n[1] * m[3],
    n[2] * m[0] + n[3] * m[2],
    n[2] * m[1] + n[3] * m[3],
    n[4] * m[0] + n[5] * m[2] + m[4],
    n[4] * m[1] + n[5] * m[3] + m[5]
  ]
}

function transformBox(m: Matrix, x0: number, y0: number, x1: number, y1: number): PdfBox {
  const pts = [
    [x0, y0],
    [x0, y1],
    [x1, y0],
    [x1, y1]
  ].map(([x, y]) => [m[0] * x! + m[2] * y! + m[4], m[1] * x! + m[3] * y! + m[5]])
  return {
    x0: Math.min(...pts.map((p) => p[0]!)),
    y0: Math.min(...pts.map((p) => p[1]!)),
    x1: Math.max(...pts.map((p) => p[0]!)),
    y1: Math.max(...pts.map((p) => p[1]!))
  }
}
