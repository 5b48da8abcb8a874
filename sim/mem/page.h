// The page: 4 KiB, the MMU's page size as the kernel uses it (PageMask 0), the unit RAM is
// allocated in, the boot protocol's alignment and where a prefetch stream stops (the next
// physical page is unrelated to this one). The simulator's one definition of it.
#pragma once

#include <algorithm>
#include <cstdint>

namespace kasane {

constexpr uint32_t kPageBytes = 4096;

// The first line number past the page that holds `line`, for lines of 1 << line_shift bytes. A
// line longer than a page is a page of its own.
inline uint32_t page_end_line(uint32_t line, uint32_t line_shift) {
  const uint32_t lines_per_page = std::max<uint32_t>(kPageBytes >> line_shift, 1);
  return (line / lines_per_page + 1) * lines_per_page;
}

}  // namespace kasane
