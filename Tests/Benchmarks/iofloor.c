/*
 * The I/O floor for Benchmarks/run.sh: the part of a conversion that no converter can avoid. Reads
 * INPUT whole with read(2) into memory, then writes OUTPUT_BYTES bytes (the input's bytes over and
 * over) to standard output in 1 MiB writes, and converts nothing. A converter's time over this
 * program's time is its distance to the limit.
 *
 *   iofloor INPUT OUTPUT_BYTES
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: iofloor INPUT OUTPUT_BYTES\n");
    return 2;
  }
  int fd = open(argv[1], O_RDONLY);
  struct stat info;
  if (fd < 0 || fstat(fd, &info) != 0) {
    perror(argv[1]);
    return 2;
  }
  size_t size = (size_t)info.st_size;
  char *input = malloc(size ? size : 1);
  size_t have = 0;
  while (have < size) {
    ssize_t n = read(fd, input + have, size - have);
    if (n <= 0) {
      perror(argv[1]);
      return 2;
    }
    have += (size_t)n;
  }
  close(fd);
  unsigned long long left = strtoull(argv[2], NULL, 10);
  size_t at = 0;
  while (left > 0 && size > 0) {
    size_t chunk = 1 << 20;
    if (chunk > size - at) chunk = size - at;
    if (chunk > left) chunk = (size_t)left;
    ssize_t n = write(1, input + at, chunk);
    if (n <= 0) {
      perror("write");
      return 2;
    }
    left -= (unsigned long long)n;
    at = (at + (size_t)n) % size;
  }
  return 0;
}
