/*
 * The I/O floor of a batch write for Benchmarks/run.sh: the system calls `inertia-lint --fix` and
 * `inertia-convert --out-dir` cannot avoid for each file, with nothing parsed, fixed or converted, on as
 * many threads as the tools use. A tool's time over this program's is its distance to the limit.
 *
 *   batchfloor fix THREADS FILE...
 *     Reads each FILE as the linter does (open, fstat, read, fstat, close), writes its bytes to a new
 *     temporary file beside it (.NAME.tmp-XXXXXX), then makes them all durable with one syncfs, looks
 *     each FILE up (the check before its rename) and renames its temporary file over it, and syncs once
 *     more: the atomic, durable replacement of every file.
 *   batchfloor out-dir THREADS DIR SCALE FILE...
 *     Reads each FILE the same way and writes SCALE times as many bytes (the size of its JSON form over
 *     its own) to DIR/NAME.json the same way, DIR/NAME.json being new.
 *
 * Files are handed to the threads in batches of 64, as the tools hand them out.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { batch = 64 };

static char **files;
static int count;
static const char *outDirectory; /* NULL for fix */
static double scale = 1;
static char **temporaries;
static atomic_int next;
static int phase; /* 0: read and write; 1: rename */

static void fail(const char *what, const char *path) {
  perror(path ? path : what);
  exit(2);
}

/* The output of file `index`: the file itself, or DIR/NAME.json. */
static char *target(int index) {
  if (!outDirectory) return strdup(files[index]);
  const char *name = strrchr(files[index], '/');
  name = name ? name + 1 : files[index];
  size_t stem = strlen(name);
  const char *dot = strrchr(name, '.');
  if (dot && dot != name) stem = (size_t)(dot - name);
  char *path;
  if (asprintf(&path, "%s/%.*s.json", outDirectory, (int)stem, name) < 0) fail("asprintf", NULL);
  return path;
}

static void replace(int index, char *buffer, size_t room) {
  if (phase == 1) {
    char *path = target(index);
    struct stat info;
    if (!outDirectory && lstat(path, &info) != 0) fail("lstat", path);
    if (rename(temporaries[index], path) != 0) fail("rename", path);
    free(path);
    return;
  }
  int fd = open(files[index], O_RDONLY | O_CLOEXEC);
  struct stat info;
  if (fd < 0 || fstat(fd, &info) != 0) fail("open", files[index]);
  ssize_t got = read(fd, buffer, room);
  if (got < 0 || fstat(fd, &info) != 0) fail("read", files[index]);
  close(fd);
  char *path = target(index);
  char *slash = strrchr(path, '/');
  char *temporary;
  if (asprintf(&temporary, "%.*s.%s.tmp-%06d", slash ? (int)(slash - path + 1) : 0, path,
               slash ? slash + 1 : path, index % 1000000) < 0)
    fail("asprintf", NULL);
  /* Made with the permissions it keeps (the file's, or a new file's), nothing set afterwards. */
  int out = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, outDirectory ? 0666 : info.st_mode & 0777);
  if (out < 0) fail("open", temporary);
  size_t left = (size_t)((double)got * scale);
  while (left > 0) {
    size_t piece = left < (size_t)got ? left : (size_t)got;
    ssize_t wrote = write(out, buffer, piece ? piece : 1);
    if (wrote <= 0) fail("write", temporary);
    left -= (size_t)wrote;
  }
  if (close(out) != 0) fail("close", temporary);
  temporaries[index] = temporary;
  free(path);
}

static void *work(void *unused) {
  (void)unused;
  size_t room = 1 << 20;
  char *buffer = malloc(room);
  for (;;) {
    int start = atomic_fetch_add(&next, batch);
    if (start >= count) break;
    for (int index = start; index < count && index < start + batch; index++) replace(index, buffer, room);
  }
  free(buffer);
  return NULL;
}

static void runPhase(int threads) {
  atomic_store(&next, 0);
  pthread_t ids[64];
  for (int t = 1; t < threads; t++) pthread_create(&ids[t], NULL, work, NULL);
  work(NULL);
  for (int t = 1; t < threads; t++) pthread_join(ids[t], NULL);
}

static void syncOnce(void) {
  int fd = open(outDirectory ? outDirectory : files[0], O_RDONLY | O_CLOEXEC);
  if (fd < 0 || syncfs(fd) != 0) fail("syncfs", NULL);
  close(fd);
}

int main(int argc, char **argv) {
  int first;
  if (argc >= 4 && strcmp(argv[1], "fix") == 0) {
    first = 3;
  } else if (argc >= 6 && strcmp(argv[1], "out-dir") == 0) {
    outDirectory = argv[3];
    scale = atof(argv[4]);
    first = 5;
  } else {
    fprintf(stderr, "usage: batchfloor fix THREADS FILE... | batchfloor out-dir THREADS DIR SCALE FILE...\n");
    return 2;
  }
  int threads = atoi(argv[2]);
  if (threads < 1) threads = 1;
  if (threads > 64) threads = 64;
  files = argv + first;
  count = argc - first;
  temporaries = calloc((size_t)count, sizeof *temporaries);
  runPhase(threads);
  syncOnce();
  phase = 1;
  runPhase(threads);
  syncOnce();
  return 0;
}
