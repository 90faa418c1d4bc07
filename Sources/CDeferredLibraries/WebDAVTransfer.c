/* WebDAV requests through libcurl and multistatus replies through libxml2, both opened on
   first use (see CDeferredLibraries.h): only the sync commands of a WebDAV remote load them.
   curl_easy_setopt and curl_easy_getinfo are variadic, so they are called here, in C, with
   arguments of the types each option takes, and Swift sees two plain functions. */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <curl/curl.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <string.h>

static const char *const curl_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so", NULL};
static cdl_library curl = {.names = curl_names, .lock = PTHREAD_MUTEX_INITIALIZER};
static const char *const xml_names[] = {"libxml2.so.2", "libxml2.so", NULL};
static cdl_library xml = {.names = xml_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_curl_load_error(void) {
    if (cdl_symbol(&curl, "curl_easy_init") != NULL) return NULL;
    return cdl_error(&curl) != NULL ? cdl_error(&curl) : "libcurl lacks curl_easy_init";
}

static void set_error(char *error, size_t size, const char *first, const char *second) {
    if (error == NULL || size == 0) return;
    snprintf(error, size, "%s%s", first, second != NULL ? second : "");
}

typedef CURLcode (*setopt_fn)(CURL *, CURLoption, ...);
typedef CURLcode (*getinfo_fn)(CURL *, CURLINFO, ...);

int cdl_webdav_perform(const char *method, const char *url, const char *depth, const char *destination,
                       const char *body, const char *upload_path, const char *download_path,
                       long long resume_from, long *status, char *error, size_t error_size) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    CURL *(*easy_init)(void) = cdl_symbol(&curl, "curl_easy_init");
    setopt_fn setopt = cdl_symbol(&curl, "curl_easy_setopt");
    getinfo_fn getinfo = cdl_symbol(&curl, "curl_easy_getinfo");
    CURLcode (*perform)(CURL *) = cdl_symbol(&curl, "curl_easy_perform");
    void (*cleanup)(CURL *) = cdl_symbol(&curl, "curl_easy_cleanup");
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *) = cdl_symbol(&curl, "curl_slist_append");
    void (*slist_free)(struct curl_slist *) = cdl_symbol(&curl, "curl_slist_free_all");
    const char *(*strerror_fn)(CURLcode) = cdl_symbol(&curl, "curl_easy_strerror");
    CURLcode (*global_init)(long) = cdl_symbol(&curl, "curl_global_init");
    if (!easy_init || !setopt || !getinfo || !perform || !cleanup || !slist_append || !slist_free || !strerror_fn
        || !global_init) {
        set_error(error, error_size, "libcurl cannot be loaded: ", cdl_curl_load_error());
        return -1;
    }
    (void)once;
    static int initialised = 0;
    if (!initialised) {
        global_init(CURL_GLOBAL_DEFAULT);
        initialised = 1;
    }
    CURL *handle = easy_init();
    if (handle == NULL) {
        set_error(error, error_size, "libcurl could not start a transfer", NULL);
        return -1;
    }
    char buffer[CURL_ERROR_SIZE] = {0};
    char header[4200];
    struct curl_slist *headers = NULL;
    if (depth != NULL) {
        snprintf(header, sizeof header, "Depth: %s", depth);
        headers = slist_append(headers, header);
    }
    if (destination != NULL) {
        snprintf(header, sizeof header, "Destination: %s", destination);
        headers = slist_append(headers, header);
        headers = slist_append(headers, "Overwrite: T");
    }
    if (body != NULL) headers = slist_append(headers, "Content-Type: application/xml; charset=utf-8");
    FILE *input = NULL, *output = NULL;
    int result = -1;
    setopt(handle, CURLOPT_URL, url);
    setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    setopt(handle, CURLOPT_ERRORBUFFER, buffer);
    setopt(handle, CURLOPT_NOSIGNAL, 1L);
    setopt(handle, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
    setopt(handle, CURLOPT_HTTPAUTH, (long)(CURLAUTH_BASIC | CURLAUTH_DIGEST));
    setopt(handle, CURLOPT_USERAGENT, "diary-sync");
    setopt(handle, CURLOPT_CONNECTTIMEOUT, 20L);
    setopt(handle, CURLOPT_LOW_SPEED_LIMIT, 1L);
    setopt(handle, CURLOPT_LOW_SPEED_TIME, 60L);
    setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (headers != NULL) setopt(handle, CURLOPT_HTTPHEADER, headers);
    if (body != NULL) {
        setopt(handle, CURLOPT_POSTFIELDS, body);
        setopt(handle, CURLOPT_POSTFIELDSIZE, (long)strlen(body));
    }
    if (upload_path != NULL) {
        input = fopen(upload_path, "rb");
        if (input == NULL) {
            set_error(error, error_size, "cannot read ", upload_path);
            goto done;
        }
        fseeko(input, 0, SEEK_END);
        curl_off_t size = (curl_off_t)ftello(input);
        fseeko(input, 0, SEEK_SET);
        setopt(handle, CURLOPT_UPLOAD, 1L);
        setopt(handle, CURLOPT_READDATA, input);
        setopt(handle, CURLOPT_INFILESIZE_LARGE, size);
        setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    }
    if (download_path != NULL) {
        output = fopen(download_path, resume_from > 0 ? "ab" : "wb");
        if (output == NULL) {
            set_error(error, error_size, "cannot write ", download_path);
            goto done;
        }
        setopt(handle, CURLOPT_WRITEDATA, output);
        if (resume_from > 0) setopt(handle, CURLOPT_RESUME_FROM_LARGE, (curl_off_t)resume_from);
    } else {
        FILE *sink = fopen("/dev/null", "wb");
        output = sink;
        if (sink != NULL) setopt(handle, CURLOPT_WRITEDATA, sink);
    }
    CURLcode code = perform(handle);
    if (code != CURLE_OK) {
        set_error(error, error_size, buffer[0] ? buffer : strerror_fn(code), NULL);
        goto done;
    }
    long http = 0;
    getinfo(handle, CURLINFO_RESPONSE_CODE, &http);
    *status = http;
    result = 0;
done:
    if (output != NULL && fclose(output) != 0 && result == 0) {
        set_error(error, error_size, "cannot write ", download_path);
        result = -1;
    }
    if (input != NULL) fclose(input);
    if (headers != NULL) slist_free(headers);
    cleanup(handle);
    return result;
}

static int is_named(xmlNode *node, const char *name) {
    return node->type == XML_ELEMENT_NODE && node->name != NULL && strcmp((const char *)node->name, name) == 0;
}

static xmlNode *child(xmlNode *node, const char *name) {
    for (xmlNode *each = node->children; each != NULL; each = each->next) {
        if (is_named(each, name)) return each;
    }
    return NULL;
}

int cdl_webdav_parse_multistatus(const char *path, cdl_webdav_entry entry, void *context,
                                 char *error, size_t error_size) {
    xmlDoc *(*read_file)(const char *, const char *, int) = cdl_symbol(&xml, "xmlReadFile");
    xmlNode *(*root_of)(const xmlDoc *) = cdl_symbol(&xml, "xmlDocGetRootElement");
    xmlChar *(*content_of)(const xmlNode *) = cdl_symbol(&xml, "xmlNodeGetContent");
    void (*free_doc)(xmlDoc *) = cdl_symbol(&xml, "xmlFreeDoc");
    xmlFreeFunc *free_text = cdl_symbol(&xml, "xmlFree");
    if (!read_file || !root_of || !content_of || !free_doc || !free_text) {
        set_error(error, error_size, "libxml2 cannot be loaded: ", cdl_error(&xml));
        return -1;
    }
    xmlDoc *document = read_file(path, NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (document == NULL) {
        set_error(error, error_size, "the server's listing is not XML", NULL);
        return -1;
    }
    xmlNode *root = root_of(document);
    if (root == NULL || !is_named(root, "multistatus")) {
        free_doc(document);
        set_error(error, error_size, "the server's listing is not a WebDAV multistatus", NULL);
        return -1;
    }
    for (xmlNode *response = root->children; response != NULL; response = response->next) {
        if (!is_named(response, "response")) continue;
        xmlNode *href = child(response, "href");
        if (href == NULL) continue;
        long long length = -1;
        int collection = 0;
        for (xmlNode *propstat = response->children; propstat != NULL; propstat = propstat->next) {
            if (!is_named(propstat, "propstat")) continue;
            xmlNode *prop = child(propstat, "prop");
            if (prop == NULL) continue;
            xmlNode *type = child(prop, "resourcetype");
            if (type != NULL && child(type, "collection") != NULL) collection = 1;
            xmlNode *size = child(prop, "getcontentlength");
            if (size != NULL) {
                xmlChar *text = content_of(size);
                if (text != NULL) {
                    length = strtoll((const char *)text, NULL, 10);
                    (*free_text)(text);
                }
            }
        }
        xmlChar *text = content_of(href);
        if (text != NULL) {
            entry(context, (const char *)text, length, collection);
            (*free_text)(text);
        }
    }
    free_doc(document);
    return 0;
}
