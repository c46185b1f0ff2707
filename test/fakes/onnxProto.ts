import protobuf from 'protobufjs'

/**
 * The subset of onnx.proto (ONNX IR) needed to write a small model: model, graph, node,
 * attribute, tensor and value-info messages, with the upstream field numbers.
 * @remarks There is no python `onnx` here, so the test suite encodes models itself with
 * protobufjs. Only the fields the generator sets are declared; the encoding is wire-compatible.
 */
const ONNX_SUBSET = {
  nested: {
    onnx: {
      nested: {
        OperatorSetIdProto: {
          fields: { domain: { type: 'string', id: 1 }, version: { type: 'int64', id: 2 } }
        },
        TensorProto: {
          fields: {
            dims: { rule: 'repeated', type: 'int64', id: 1 },
            dataType: { type: 'int32', id: 2 },
            floatData: { rule: 'repeated', type: 'float', id: 4 },
            int64Data: { rule: 'repeated', type: 'int64', id: 7 },
            name: { type: 'string', id: 8 },
            rawData: { type: 'bytes', id: 9 }
          }
        },
        AttributeProto: {
          fields: {
            name: { type: 'string', id: 1 },
            f: { type: 'float', id: 2 },
            i: { type: 'int64', id: 3 },
            s: { type: 'bytes', id: 4 },
            t: { type: 'TensorProto', id: 5 },
            floats: { rule: 'repeated', type: 'float', id: 7 },
            ints: { rule: 'repeated', type: 'int64', id: 8 },
            type: { type: 'int32', id: 20 }
          }
        },
        NodeProto: {
          fields: {
            input: { rule: 'repeated', type: 'string', id: 1 },
            output: { rule: 'repeated', type: 'string', id: 2 },
            name: { type: 'string', id: 3 },
            opType: { type: 'string', id: 4 },
            attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
            domain: { type: 'string', id: 7 }
          }
        },
        Dimension: {
          fields: { dimValue: { type: 'int64', id: 1 }, dimParam: { type: 'string', id: 2 } }
        },
        TensorShapeProto: { fields: { dim: { rule: 'repeated', type: 'Dimension', id: 1 } } },
        TensorTypeProto: {
          fields: { elemType: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } }
        },
        TypeProto: { fields: { tensorType: { type: 'TensorTypeProto', id: 1 } } },
        ValueInfoProto: {
          fields: { name: { type: 'string', id: 1 }, type: { type: 'TypeProto', id: 2 } }
        },
        GraphProto: {
          fields: {
            node: { rule: 'repeated', type: 'NodeProto', id: 1 },
            name: { type: 'string', id: 2 },
            initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
            input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
            output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 }
          }
        },
        ModelProto: {
          fields: {
            irVersion: { type: 'int64', id: 1 },
            producerName: { type: 'string', id: 2 },
            producerVersion: { type: 'string', id: 3 },
            graph: { type: 'GraphProto', id: 7 },
            opsetImport: { rule: 'repeated', type: 'OperatorSetIdProto', id: 8 }
          }
        }
      }
    }
  }
}

/** ONNX TensorProto.DataType values used by the generator. */
export const OnnxType = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7 } as const

/** ONNX AttributeProto.AttributeType values used by the generator. */
export const OnnxAttr = { FLOAT: 1, INT: 2, INTS: 7 } as const

/** A plain-object ONNX model in protobufjs' camelCase field names. */
export type OnnxModel = Record<string, unknown>

const root = protobuf.Root.fromJSON(ONNX_SUBSET)
const ModelProto = root.lookupType('onnx.ModelProto')

/** Encodes a model to the bytes of a `.onnx` file, failing on fields the subset lacks. */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  const problem = ModelProto.verify(model)
  if (problem) throw new Error(`invalid ONNX model object: ${problem}`)
  return ModelProto.encode(ModelProto.fromObject(model)).finish()
}
