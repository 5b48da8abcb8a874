/* getopt.c - getopt and its globals optarg, optind, opterr, optopt (POSIX, musl's structure).
 *
 * POSIX behaviour: scanning stops at the first argument that is not an option (glibc instead
 * moves such arguments to the end unless POSIXLY_CORRECT is set or optstring starts with '+');
 * "--" ends the options and is skipped. Clustered flags (-abc) are walked one letter per call,
 * an option's argument is the rest of its word or the next word. A leading ':' in optstring
 * returns ':' for a missing argument and prints nothing; a leading '-' returns each non-option
 * as the argument of option 1. "x::" (an optional argument, a GNU extension) takes only the rest
 * of the word. The messages on stderr are glibc's. Setting optind to 0 starts over. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char* optarg;
int optind = 1, opterr = 1, optopt;
static int optpos; /* the next letter within argv[optind]; 0 at the start of a word */

static void complain(const char* prog, const char* what, int c) {
  fprintf(stderr, "%s: %s -- '%c'\n", prog, what, c);
}

int getopt(int argc, char* const argv[], const char* optstring) {
  if (optind == 0) {
    optind = 1;
    optpos = 0;
  }
  if (optind >= argc || !argv[optind]) return -1;
  const char* word = argv[optind];
  if (optpos == 0) {
    if (word[0] != '-') {
      if (optstring[0] == '-') {
        optarg = argv[optind++];
        return 1;
      }
      return -1;
    }
    if (word[1] == 0) return -1; /* "-" alone is an operand (stdin, by convention) */
    if (word[1] == '-' && word[2] == 0) {
      optind++;
      return -1;
    }
    optpos = 1;
  }
  int c = (unsigned char)word[optpos++];
  if (word[optpos] == 0) {
    optind++;
    optpos = 0;
  }
  if (optstring[0] == '-' || optstring[0] == '+') optstring++;
  int quiet = optstring[0] == ':';
  const char* spec = c == ':' ? NULL : strchr(optstring, c);
  if (!spec || c == 0) {
    optopt = c;
    if (!quiet && opterr) complain(argv[0], "invalid option", c);
    return '?';
  }
  if (spec[1] != ':') return c;
  optarg = NULL;
  if (spec[2] == ':') { /* optional: only the rest of this word */
    if (optpos) {
      optarg = argv[optind++] + optpos;
      optpos = 0;
    }
    return c;
  }
  if (optpos) { /* the rest of this word */
    optarg = argv[optind++] + optpos;
    optpos = 0;
  } else if (optind < argc) { /* the next word */
    optarg = argv[optind++];
  } else {
    optopt = c;
    if (quiet) return ':';
    if (opterr) complain(argv[0], "option requires an argument", c);
    return '?';
  }
  return c;
}
