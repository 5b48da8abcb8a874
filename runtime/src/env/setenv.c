/* setenv, unsetenv - change environ. The first change copies the vector the kernel gave into
 * malloc'ed memory, which later changes grow; a "NAME=value" string setenv made is freed when it
 * is replaced or removed (strings from the initial stack are left alone). Not thread-safe, as
 * POSIX allows. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char** own_vector; /* environ once it is ours */
static char** own_strings; /* the strings setenv made, a NULL-free list */
static size_t n_own;

static int valid(const char* name) {
  if (!name || !*name || strchr(name, '=')) {
    errno = EINVAL;
    return 0;
  }
  return 1;
}

/* Free s if setenv made it. */
static void drop(char* s) {
  for (size_t i = 0; i < n_own; i++)
    if (own_strings[i] == s) {
      own_strings[i] = own_strings[--n_own];
      free(s);
      return;
    }
}

int unsetenv(const char* name) {
  if (!valid(name)) return -1;
  size_t len = strlen(name);
  if (!environ) return 0;
  char** out = environ;
  for (char** e = environ; *e; e++) {
    if (strncmp(*e, name, len) == 0 && (*e)[len] == '=')
      drop(*e);
    else
      *out++ = *e;
  }
  *out = NULL;
  return 0;
}

int setenv(const char* name, const char* value, int overwrite) {
  if (!valid(name)) return -1;
  size_t len = strlen(name), vlen = strlen(value);
  size_t n = 0;
  char** e = environ;
  for (; e && e[n]; n++)
    if (strncmp(e[n], name, len) == 0 && e[n][len] == '=') {
      if (!overwrite) return 0;
      break;
    }
  char* s = malloc(len + vlen + 2);
  char** list = realloc(own_strings, (n_own + 1) * sizeof *list);
  if (list) own_strings = list;
  if (!s || !list) {
    free(s);
    errno = ENOMEM;
    return -1;
  }
  memcpy(s, name, len);
  s[len] = '=';
  memcpy(s + len + 1, value, vlen + 1);
  if (e && e[n]) { /* replace */
    char* old = e[n];
    e[n] = s;
    drop(old);
  } else { /* append: environ grows by one, as a vector of our own */
    char** v;
    if (environ && environ == own_vector) {
      v = realloc(own_vector, (n + 2) * sizeof *v);
    } else { /* the first change: copy the kernel's vector */
      v = malloc((n + 2) * sizeof *v);
      if (v && n) memcpy(v, environ, n * sizeof *v);
    }
    if (!v) {
      free(s);
      errno = ENOMEM;
      return -1;
    }
    v[n] = s;
    v[n + 1] = NULL;
    environ = own_vector = v;
  }
  own_strings[n_own++] = s;
  return 0;
}
