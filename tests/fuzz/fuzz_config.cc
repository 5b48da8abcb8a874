// libFuzzer target: the machine config loader. The input is written to a .toml file and loaded
// with Config::load_file() (which validates), then validate() is called again; a bad file must
// be reported as a ConfigError and nothing else. The same bytes are then given to Config::set()
// as a `--set key=value` argument (up to the first newline), followed by validate().
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "fuzz_util.h"
#include "platform/config.h"

namespace {

template <typename F>
void expect_only_config_errors(const char* what, F&& f) {
  try {
    f();
  } catch (const kasane::ConfigError&) {
    // The expected outcome for a bad config.
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_config: %s threw something other than ConfigError: %s\n", what,
                 e.what());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static kasane::fuzz::TempFile file(".toml");
  const std::string& path = file.write(data, size);
  {
    kasane::Config cfg;
    expect_only_config_errors("load_file", [&] { cfg.load_file(path); });
    expect_only_config_errors("validate", [&] { cfg.validate(); });
    // What a successful load leaves must be printable, as stats.json and --help-config do.
    volatile size_t sink = cfg.to_json().dump().size() + cfg.platform_header().size();
    (void)sink;
  }
  {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::string line = text.substr(0, text.find('\n'));
    kasane::Config cfg;
    expect_only_config_errors("set", [&] { cfg.set(line); });
    expect_only_config_errors("validate after set", [&] { cfg.validate(); });
  }
  return 0;
}
