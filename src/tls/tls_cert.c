/*
 * tls_cert.c - the self-made certificate and key a server starts with
 * (rollerball-server --init DIR), for servers without a certificate from an
 * authority; their clients trust them on first contact.
 *
 * ECDSA P-256: small, fast to make and to use, and every TLS client knows
 * it. Ten years of validity, as the pin and not the dates is what the
 * clients check. The host goes in the subject's common name and in the
 * subject alternative name (as an address when it is one), so a client
 * that is given the certificate as its trusted one also passes the host
 * name check. Files are created with O_EXCL: an existing key is never
 * overwritten, since every client that pinned it would then refuse the
 * server.
 */
#define _POSIX_C_SOURCE 200809L

#include "rb_tls.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include <gnutls/x509.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rb_util_assert.h"
#include "rb_util_error.h"

#define CERT_YEARS 10

static int write_new(const char *path, const gnutls_datum_t *data, mode_t mode, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) {
        return rb_util_fail(err, errlen, "cannot create %s: %s", path, strerror(errno));
    }
    bool ok = write(fd, data->data, data->size) == (ssize_t)data->size;
    int saved = errno;
    if (close(fd) != 0) {
        ok = false;
    }
    if (!ok) {
        unlink(path);
        return rb_util_fail(err, errlen, "cannot write %s: %s", path, strerror(saved));
    }
    return 0;
}

/* The certificate's body, signed by its own key. */
static int fill_cert(gnutls_x509_crt_t crt, gnutls_x509_privkey_t key, const char *host)
{
    unsigned char serial[16], addr[16];
    int r = gnutls_rnd(GNUTLS_RND_NONCE, serial, sizeof serial);
    serial[0] &= 0x7f; /* a positive serial number */
    time_t now = time(NULL);
    if (r >= 0) {
        r = gnutls_x509_crt_set_version(crt, 3);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_serial(crt, serial, sizeof serial);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_activation_time(crt, now - 24 * 60 * 60);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_expiration_time(crt, now + (time_t)CERT_YEARS * 365 * 24 * 60 * 60);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_dn_by_oid(crt, GNUTLS_OID_X520_COMMON_NAME, 0, host, (unsigned)strlen(host));
    }
    if (r >= 0) {
        if (inet_pton(AF_INET, host, addr) == 1) {
            r = gnutls_x509_crt_set_subject_alt_name(crt, GNUTLS_SAN_IPADDRESS, addr, 4, GNUTLS_FSAN_SET);
        } else if (inet_pton(AF_INET6, host, addr) == 1) {
            r = gnutls_x509_crt_set_subject_alt_name(crt, GNUTLS_SAN_IPADDRESS, addr, 16, GNUTLS_FSAN_SET);
        } else {
            r = gnutls_x509_crt_set_subject_alt_name(crt, GNUTLS_SAN_DNSNAME, host, (unsigned)strlen(host),
                                                     GNUTLS_FSAN_SET);
        }
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_key(crt, key);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_basic_constraints(crt, 0, -1);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_key_usage(crt, GNUTLS_KEY_DIGITAL_SIGNATURE);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_key_purpose_oid(crt, GNUTLS_KP_TLS_WWW_SERVER, 0);
    }
    unsigned char id[64];
    size_t id_size = sizeof id;
    if (r >= 0) {
        r = gnutls_x509_crt_get_key_id(crt, 0, id, &id_size);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_set_subject_key_id(crt, id, id_size);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_sign2(crt, crt, key, GNUTLS_DIG_SHA256, 0);
    }
    return r;
}

int rb_tls_make_self_signed(const char *dir, const char *host, char *err, size_t errlen)
{
    RB_ASSERT(dir && host);
    if (!host[0] || strlen(host) > 253 || strpbrk(host, " /\\\t\r\n")) {
        return rb_util_fail(err, errlen, "'%s' is not a host name for a certificate", host);
    }
    char cert_path[4096], key_path[4096];
    if (snprintf(cert_path, sizeof cert_path, "%s/%s", dir, RB_TLS_CERT_FILE) >= (int)sizeof cert_path ||
        snprintf(key_path, sizeof key_path, "%s/%s", dir, RB_TLS_KEY_FILE) >= (int)sizeof key_path) {
        return rb_util_fail(err, errlen, "the folder name %s is too long", dir);
    }
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        return rb_util_fail(err, errlen, "cannot make the folder %s: %s", dir, strerror(errno));
    }
    const char *paths[] = {cert_path, key_path};
    for (int i = 0; i < 2; i++) {
        if (access(paths[i], F_OK) == 0) {
            return rb_util_fail(err, errlen,
                                "%s already exists: a new key would make every client that trusts this server "
                                "refuse it; move it away first if that is what you want",
                                paths[i]);
        }
    }

    gnutls_x509_privkey_t key = NULL;
    gnutls_x509_crt_t crt = NULL;
    gnutls_datum_t cert_pem = {NULL, 0}, key_pem = {NULL, 0};
    int r = gnutls_x509_privkey_init(&key);
    if (r >= 0) {
        r = gnutls_x509_privkey_generate(key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_init(&crt);
    }
    if (r >= 0) {
        r = fill_cert(crt, key, host);
    }
    if (r >= 0) {
        r = gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_PEM, &cert_pem);
    }
    if (r >= 0) {
        r = gnutls_x509_privkey_export2(key, GNUTLS_X509_FMT_PEM, &key_pem);
    }
    int result;
    if (r < 0) {
        result = rb_util_fail(err, errlen, "cannot make a certificate for %s: %s", host, gnutls_strerror(r));
    } else if (write_new(key_path, &key_pem, 0600, err, errlen) < 0) {
        result = -1;
    } else if (write_new(cert_path, &cert_pem, 0644, err, errlen) < 0) {
        unlink(key_path);
        result = -1;
    } else {
        result = 0;
    }
    gnutls_free(cert_pem.data);
    if (key_pem.data) {
        gnutls_memset(key_pem.data, 0, key_pem.size);
    }
    gnutls_free(key_pem.data);
    if (crt) {
        gnutls_x509_crt_deinit(crt);
    }
    if (key) {
        gnutls_x509_privkey_deinit(key);
    }
    return result;
}
