/* OpenSSL's libcrypto, for SHA-256 (EVP digest API). */
#include <openssl/evp.h>
