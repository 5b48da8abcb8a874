// Input files: see input_file.h. stat() comes before open() because opening a FIFO for reading
// waits for a writer; O_NONBLOCK on the open itself covers a file swapped for a FIFO in between.
#include "input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace kasane {

namespace {

const char* kind(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  return "not a plain file";
}

// "" if `st` is a regular file within the cap.
std::string stat_problem(const struct stat& st, uint64_t max_bytes) {
  if (!S_ISREG(st.st_mode))
    return std::string("it is ") + kind(st.st_mode) + ", not a regular file";
  if (static_cast<uint64_t>(st.st_size) > max_bytes)
    return "it is " + std::to_string(st.st_size) + " bytes, more than the " +
           std::to_string(max_bytes) + "-byte limit";
  return "";
}

}  // namespace

std::string input_problem(const std::string& path, uint64_t max_bytes) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::strerror(errno);
  return stat_problem(st, max_bytes);
}

std::vector<uint8_t> read_input_file(const std::string& path, uint64_t max_bytes) {
  if (std::string p = input_problem(path, max_bytes); !p.empty()) throw std::runtime_error(p);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(std::strerror(errno));
  struct stat st;
  std::string problem = ::fstat(fd, &st) != 0 ? std::strerror(errno) : stat_problem(st, max_bytes);
  std::vector<uint8_t> bytes;
  if (problem.empty()) {
    // The size fstat() gave in one buffer, then whatever the file has grown by since, up to the
    // cap: never more memory than the file holds.
    bytes.resize(static_cast<size_t>(st.st_size));
    size_t have = 0;
    uint8_t more[4096];
    for (;;) {
      const bool in_place = have < bytes.size();
      const ssize_t n = in_place ? ::read(fd, bytes.data() + have, bytes.size() - have)
                                 : ::read(fd, more, sizeof more);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        problem = std::strerror(errno);
        break;
      }
      if (n == 0) break;
      if (have + static_cast<uint64_t>(n) > max_bytes) {
        problem = "it grew past the " + std::to_string(max_bytes) + "-byte limit while read";
        break;
      }
      if (!in_place) bytes.insert(bytes.end(), more, more + n);
      have += static_cast<size_t>(n);
    }
    bytes.resize(have);
  }
  ::close(fd);
  if (!problem.empty()) throw std::runtime_error(problem);
  return bytes;
}

}  // namespace kasane
