// Helpers shared by the libFuzzer targets whose code under test reads a file: one temporary file
// per process (created once, rewritten for every input, removed at exit).
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace kasane::fuzz {

class TempFile {
 public:
  // `suffix` such as ".toml": the file name some loaders show in their messages.
  explicit TempFile(const char* suffix) {
    const char* base = std::getenv("TMPDIR");
    std::string tmpl = std::string(base && *base ? base : "/tmp") + "/kasane-fuzz-XXXXXX" + suffix;
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    const int fd = mkstemps(buf.data(), static_cast<int>(std::string(suffix).size()));
    if (fd < 0) {
      std::perror("kasane-fuzz: mkstemps");
      std::abort();
    }
    ::close(fd);
    path_ = buf.data();
  }
  ~TempFile() { ::unlink(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  // Replace the file's contents with `data`.
  const std::string& write(const uint8_t* data, size_t size) {
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    if (!f || (size && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0) {
      std::perror("kasane-fuzz: writing the temporary file");
      std::abort();
    }
    return path_;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace kasane::fuzz
