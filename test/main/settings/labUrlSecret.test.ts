import { describe, expect, it } from 'vitest'
import { MemorySecretStore, parseStoredSecret } from '../../../src/main/settings/secretStore'

describe('the lab connection string in the secret store', () => {
  it('is kept in the encrypted file beside the key, and read back whole', () => {
    const url = 'postgres://alice:s3cret@lab.example.org:5432/lab'
    expect(parseStoredSecret(JSON.stringify({ key: 'AIza-k', address: null, lab: url }))).toEqual({
      key: 'AIza-k',
      address: null,
      lab: url
    })
    // A file written before the lab (the key alone, or key and address) has none.
    expect(parseStoredSecret('AIza-old-key').lab).toBeUndefined()
    expect(parseStoredSecret(JSON.stringify({ key: null, address: null })).lab).toBeUndefined()
  })

  it('is saved and forgotten apart from the Gemini key', async () => {
    const secrets = new MemorySecretStore('AIza-k')
    await secrets.setLabUrl('postgres://a:b@h/db')
    expect(await secrets.labUrl()).toBe('postgres://a:b@h/db')
    await secrets.setLabUrl(null)
    expect(await secrets.labUrl()).toBeNull()
    expect(await secrets.get()).toBe('AIza-k')
  })
})
