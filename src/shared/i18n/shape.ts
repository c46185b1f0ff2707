/** A catalog's shape: the same keys as `T` (the English catalog), any string values. */
export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> }
