// Output files: see output_file.h. A write error on a buffered stream may surface at any fprintf,
// at fflush or at fclose; the stream's error flag is sticky, so checking it once at the end after
// the final flush catches all of them.
#include "output_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace kasane {

namespace {

// Why the folder that would hold `path` cannot ("" if it exists as a folder).
std::string folder_problem(const std::string& path) {
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) return "";
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0)
    return "its folder '" + dir + "' " +
           (errno == ENOENT ? std::string("does not exist") : std::strerror(errno));
  if (!S_ISDIR(st.st_mode)) return "'" + dir + "' is not a folder";
  return "";
}

}  // namespace

OutputFile::OutputFile(const std::string& option, const std::string& path)
    : option_(option), path_(path) {
  auto fail = [&](const std::string& why) {
    return OutputError(option + " '" + path + "': cannot create it: " + why);
  };
  if (std::string p = folder_problem(path); !p.empty()) throw fail(p);
  struct stat st;
  created_ = ::stat(path.c_str(), &st) != 0 && errno == ENOENT;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw fail(std::strerror(errno));
}

OutputFile::OutputFile(OutputFile&& o) noexcept { *this = std::move(o); }

OutputFile& OutputFile::operator=(OutputFile&& o) noexcept {
  std::swap(option_, o.option_);
  std::swap(path_, o.path_);
  std::swap(file_, o.file_);
  std::swap(created_, o.created_);
  return *this;
}

OutputFile::~OutputFile() {
  if (!file_) return;
  std::fclose(file_);
  if (created_) ::unlink(path_.c_str());
}

std::string OutputFile::close() {
  if (!file_) return "";
  std::string problem = stream_write_problem(file_, option_ + " '" + path_ + "'");
  const int err = std::fclose(file_) != 0 ? errno : 0;
  file_ = nullptr;
  if (problem.empty() && err)
    problem = "cannot write " + option_ + " '" + path_ + "': " + std::strerror(err);
  return problem;
}

std::string stream_write_problem(std::FILE* f, const std::string& what) {
  errno = 0;
  const bool flushed = std::fflush(f) == 0;
  const int err = errno;
  if (flushed && !std::ferror(f)) return "";
  // An error flagged by an earlier write whose errno is gone by now still loses output.
  return "cannot write " + what + ": " +
         (!flushed && err ? std::strerror(err) : "a write failed, so the output is incomplete");
}

}  // namespace kasane
