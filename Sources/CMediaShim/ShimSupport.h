#ifndef CMS_SHIM_SUPPORT_H
#define CMS_SHIM_SUPPORT_H
/* Helpers shared by the shim's C files (not part of the public header). */
#include <stddef.h>
#include <string.h>

/* Copies `text` into the caller's buffer, always NUL-terminated. */
static inline void cms_copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    size_t length = strlen(text);
    if (length >= capacity) length = capacity - 1;
    memcpy(message, text, length);
    message[length] = '\0';
}
#endif
