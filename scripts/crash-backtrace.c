/* A native backtrace on standard error when a worker dies of a fatal signal
 * (shadersmith/targets/crash_backtrace.py loads it into each worker; the worker's
 * standard error is its log). glibc's catchsegv did this before glibc 2.35 removed it.
 *
 * The frames name the crashing function where the library exports it (LLVM, glslang,
 * SPIRV-Tools, SwiftShader's C++), else the library and offset (Mesa's drivers hide
 * theirs), which is what oracle/frames.py reads to sign a crash by its top frame. After
 * the backtrace the process dies of the same signal, as it would have without us, so
 * the parent still sees "killed by signal N".
 *
 * Only async-signal-safe work in the handler: write(2), and glibc's backtrace and
 * backtrace_symbols_fd, whose one unsafe step (loading libgcc_s on first use) is done
 * here at load time. The handler runs on an alternate stack, so a stack overflow (deep
 * recursion in a compiler) is reported too, on the thread that loaded this library.
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FRAMES 64
#define ALTERNATE_STACK_BYTES (256 * 1024)

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};

static void write_text(const char *text) {
  ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
  (void)ignored;
}

static void write_number(int number) {
  char digits[12];
  int at = sizeof digits - 1;
  digits[at] = '\0';
  do {
    digits[--at] = (char)('0' + number % 10);
    number /= 10;
  } while (number > 0 && at > 0);
  write_text(&digits[at]);
}

static void shadersmith_backtrace_on_signal(int number) {
  void *frames[MAX_FRAMES];
  int count;
  write_text("\nshadersmith: native backtrace at signal ");
  write_number(number);
  write_text(":\n");
  count = backtrace(frames, MAX_FRAMES);
  backtrace_symbols_fd(frames, count, STDERR_FILENO);
  write_text("shadersmith: end of backtrace\n");
  /* SA_RESETHAND made the action the default again: die of the signal, now (it is
   * blocked in here, so it arrives as the handler returns) or when the faulting
   * instruction runs again. */
  raise(number);
}

__attribute__((constructor)) static void shadersmith_install_backtrace(void) {
  void *warm_up[1];
  stack_t alternate;
  struct sigaction action;
  size_t i;

  backtrace(warm_up, 1); /* loads libgcc_s now, not inside a handler */
  alternate.ss_sp = malloc(ALTERNATE_STACK_BYTES);
  alternate.ss_size = ALTERNATE_STACK_BYTES;
  alternate.ss_flags = 0;
  if (alternate.ss_sp != NULL) {
    sigaltstack(&alternate, NULL);
  }
  memset(&action, 0, sizeof action);
  action.sa_handler = shadersmith_backtrace_on_signal;
  action.sa_flags = SA_RESETHAND | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
    sigaction(fatal_signals[i], &action, NULL);
  }
}
