/* The libsodium functions PhotoDiary's encrypted stores call, forwarded to the library opened
   on first use, as for the media libraries (see CDeferredLibraries.h). A plain store never
   loads it. */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <sodium.h>

static const char *const sodium_names[] = {"libsodium.so.23", "libsodium.so", NULL};
static cdl_library sodium = {.names = sodium_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_sodium_load_error(void) {
    if (cdl_symbol(&sodium, "sodium_init") != NULL) return NULL;
    return cdl_error(&sodium) != NULL ? cdl_error(&sodium) : "libsodium lacks sodium_init";
}

CDL_FORWARD(sodium, int, sodium_init, (void), (), -1)
CDL_FORWARD_VOID(sodium, randombytes_buf, (void *const buf, const size_t size), (buf, size))
CDL_FORWARD_VOID(sodium, sodium_memzero, (void *const pnt, const size_t len), (pnt, len))
CDL_FORWARD(sodium, int, sodium_memcmp, (const void *const b1_, const void *const b2_, size_t len),
            (b1_, b2_, len), -1)
CDL_FORWARD(sodium, int, sodium_mlock, (void *const addr, const size_t len), (addr, len), -1)
CDL_FORWARD(sodium, int, sodium_munlock, (void *const addr, const size_t len), (addr, len), -1)
CDL_FORWARD(sodium, void *, sodium_malloc, (const size_t size), (size), NULL)
CDL_FORWARD_VOID(sodium, sodium_free, (void *ptr), (ptr))

CDL_FORWARD(sodium, int, crypto_aead_xchacha20poly1305_ietf_encrypt_detached,
            (unsigned char *c, unsigned char *mac, unsigned long long *maclen_p, const unsigned char *m,
             unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
             const unsigned char *nsec, const unsigned char *npub, const unsigned char *k),
            (c, mac, maclen_p, m, mlen, ad, adlen, nsec, npub, k), -1)
CDL_FORWARD(sodium, int, crypto_aead_xchacha20poly1305_ietf_decrypt_detached,
            (unsigned char *m, unsigned char *nsec, const unsigned char *c, unsigned long long clen,
             const unsigned char *mac, const unsigned char *ad, unsigned long long adlen,
             const unsigned char *npub, const unsigned char *k),
            (m, nsec, c, clen, mac, ad, adlen, npub, k), -1)
CDL_FORWARD(sodium, int, crypto_aead_xchacha20poly1305_ietf_encrypt,
            (unsigned char *c, unsigned long long *clen_p, const unsigned char *m, unsigned long long mlen,
             const unsigned char *ad, unsigned long long adlen, const unsigned char *nsec,
             const unsigned char *npub, const unsigned char *k),
            (c, clen_p, m, mlen, ad, adlen, nsec, npub, k), -1)
CDL_FORWARD(sodium, int, crypto_aead_xchacha20poly1305_ietf_decrypt,
            (unsigned char *m, unsigned long long *mlen_p, unsigned char *nsec, const unsigned char *c,
             unsigned long long clen, const unsigned char *ad, unsigned long long adlen,
             const unsigned char *npub, const unsigned char *k),
            (m, mlen_p, nsec, c, clen, ad, adlen, npub, k), -1)
CDL_FORWARD(sodium, int, crypto_aead_aes256gcm_is_available, (void), (), 0)

CDL_FORWARD(sodium, int, crypto_secretstream_xchacha20poly1305_init_push,
            (crypto_secretstream_xchacha20poly1305_state *state,
             unsigned char header[crypto_secretstream_xchacha20poly1305_HEADERBYTES],
             const unsigned char k[crypto_secretstream_xchacha20poly1305_KEYBYTES]),
            (state, header, k), -1)
CDL_FORWARD(sodium, int, crypto_secretstream_xchacha20poly1305_push,
            (crypto_secretstream_xchacha20poly1305_state *state, unsigned char *c, unsigned long long *clen_p,
             const unsigned char *m, unsigned long long mlen, const unsigned char *ad,
             unsigned long long adlen, unsigned char tag),
            (state, c, clen_p, m, mlen, ad, adlen, tag), -1)
CDL_FORWARD(sodium, int, crypto_secretstream_xchacha20poly1305_init_pull,
            (crypto_secretstream_xchacha20poly1305_state *state,
             const unsigned char header[crypto_secretstream_xchacha20poly1305_HEADERBYTES],
             const unsigned char k[crypto_secretstream_xchacha20poly1305_KEYBYTES]),
            (state, header, k), -1)
CDL_FORWARD(sodium, int, crypto_secretstream_xchacha20poly1305_pull,
            (crypto_secretstream_xchacha20poly1305_state *state, unsigned char *m, unsigned long long *mlen_p,
             unsigned char *tag_p, const unsigned char *c, unsigned long long clen, const unsigned char *ad,
             unsigned long long adlen),
            (state, m, mlen_p, tag_p, c, clen, ad, adlen), -1)

CDL_FORWARD(sodium, int, crypto_pwhash,
            (unsigned char *const out, unsigned long long outlen, const char *const passwd,
             unsigned long long passwdlen, const unsigned char *const salt, unsigned long long opslimit,
             size_t memlimit, int alg),
            (out, outlen, passwd, passwdlen, salt, opslimit, memlimit, alg), -1)

CDL_FORWARD(sodium, int, crypto_generichash,
            (unsigned char *out, size_t outlen, const unsigned char *in, unsigned long long inlen,
             const unsigned char *key, size_t keylen),
            (out, outlen, in, inlen, key, keylen), -1)
CDL_FORWARD(sodium, int, crypto_generichash_init,
            (crypto_generichash_state *state, const unsigned char *key, const size_t keylen, const size_t outlen),
            (state, key, keylen, outlen), -1)
CDL_FORWARD(sodium, int, crypto_generichash_update,
            (crypto_generichash_state *state, const unsigned char *in, unsigned long long inlen),
            (state, in, inlen), -1)
CDL_FORWARD(sodium, int, crypto_generichash_final,
            (crypto_generichash_state *state, unsigned char *out, const size_t outlen), (state, out, outlen), -1)
CDL_FORWARD(sodium, int, crypto_kdf_derive_from_key,
            (unsigned char *subkey, size_t subkey_len, uint64_t subkey_id,
             const char ctx[crypto_kdf_CONTEXTBYTES], const unsigned char key[crypto_kdf_KEYBYTES]),
            (subkey, subkey_len, subkey_id, ctx, key), -1)
