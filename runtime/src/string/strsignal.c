/* strsignal - the description of a signal, glibc's texts for the MIPS numbering; real-time
 * signals as glibc numbers them (from its SIGRTMIN, 34: 32 and 33 are its threads' own). */
#include <signal.h>
#include <stdio.h>
#include <string.h>

static const char* const names[] = {
    [1] = "Hangup", [2] = "Interrupt", [3] = "Quit", [4] = "Illegal instruction",
    [5] = "Trace/breakpoint trap", [6] = "Aborted", [7] = "EMT trap",
    [8] = "Floating point exception", [9] = "Killed", [10] = "Bus error",
    [11] = "Segmentation fault", [12] = "Bad system call", [13] = "Broken pipe",
    [14] = "Alarm clock", [15] = "Terminated", [16] = "User defined signal 1",
    [17] = "User defined signal 2", [18] = "Child exited", [19] = "Power failure",
    [20] = "Window changed", [21] = "Urgent I/O condition", [22] = "I/O possible",
    [23] = "Stopped (signal)", [24] = "Stopped", [25] = "Continued",
    [26] = "Stopped (tty input)", [27] = "Stopped (tty output)", [28] = "Virtual timer expired",
    [29] = "Profiling timer expired", [30] = "CPU time limit exceeded",
    [31] = "File size limit exceeded",
};

enum { RTMIN = 34, RTMAX = 127 };

char* strsignal(int sig) {
  static char buf[32];
  if (sig > 0 && sig < (int)(sizeof names / sizeof *names)) return (char*)names[sig];
  if (sig >= RTMIN && sig <= RTMAX)
    snprintf(buf, sizeof buf, "Real-time signal %d", sig - RTMIN);
  else
    snprintf(buf, sizeof buf, "Unknown signal %d", sig);
  return buf;
}
