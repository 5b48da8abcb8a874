// The package's thermal network: layout, conductance matrix, exact step. See package_thermal.h for
// the circuit. With x the rises above ambient (dies 0..N-1, then the spreader s), the heat balance
// of each node is C x' = P - K x, where K is the conductance matrix (symmetric: K_ij = -1/R for
// every resistor between i and j, K_ii = the sum of the conductances at i, including the one to the
// ambient at the spreader). So A = -C^-1 K and the steady state solves K x = P.
//
// exp(A h) by scaling and squaring: A h / 2^s has a norm below 1/2, where a Taylor series of 20
// terms is exact to rounding, then s squarings. The matrix is at most 17x17 and is computed once
// per step length (the power model always steps with the same length), so cost does not matter.
#include "power/package_thermal.h"

#include <cmath>
#include <stdexcept>

namespace kasane {

namespace {

using Matrix = std::vector<double>;  // square, row-major

Matrix multiply(const Matrix& a, const Matrix& b, unsigned n) {
  Matrix c(n * n, 0.0);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned k = 0; k < n; ++k) {
      const double v = a[i * n + k];
      if (v == 0) continue;
      for (unsigned j = 0; j < n; ++j) c[i * n + j] += v * b[k * n + j];
    }
  return c;
}

Matrix exponential(const Matrix& a, double h, unsigned n) {
  double norm = 0;  // infinity norm of A h
  for (unsigned i = 0; i < n; ++i) {
    double row = 0;
    for (unsigned j = 0; j < n; ++j) row += std::fabs(a[i * n + j] * h);
    norm = std::max(norm, row);
  }
  int squarings = 0;
  while (norm > 0.5) {
    norm /= 2;
    ++squarings;
  }
  const double scale = h / std::ldexp(1.0, squarings);
  Matrix x(n * n);
  for (unsigned i = 0; i < n * n; ++i) x[i] = a[i] * scale;
  Matrix sum(n * n, 0.0), term(n * n, 0.0);
  for (unsigned i = 0; i < n; ++i) sum[i * n + i] = term[i * n + i] = 1.0;
  for (int k = 1; k <= 20; ++k) {
    term = multiply(term, x, n);
    for (double& v : term) v /= k;
    for (unsigned i = 0; i < n * n; ++i) sum[i] += term[i];
  }
  for (int s = 0; s < squarings; ++s) sum = multiply(sum, sum, n);
  return sum;
}

// Gauss-Jordan with partial pivoting. K is symmetric positive definite (every node has a path to
// the ambient), so it is always invertible.
Matrix inverse(Matrix a, unsigned n) {
  Matrix inv(n * n, 0.0);
  for (unsigned i = 0; i < n; ++i) inv[i * n + i] = 1.0;
  for (unsigned col = 0; col < n; ++col) {
    unsigned pivot = col;
    for (unsigned r = col + 1; r < n; ++r)
      if (std::fabs(a[r * n + col]) > std::fabs(a[pivot * n + col])) pivot = r;
    for (unsigned j = 0; j < n; ++j) {
      std::swap(a[col * n + j], a[pivot * n + j]);
      std::swap(inv[col * n + j], inv[pivot * n + j]);
    }
    const double d = a[col * n + col];
    for (unsigned j = 0; j < n; ++j) {
      a[col * n + j] /= d;
      inv[col * n + j] /= d;
    }
    for (unsigned r = 0; r < n; ++r) {
      if (r == col) continue;
      const double f = a[r * n + col];
      if (f == 0) continue;
      for (unsigned j = 0; j < n; ++j) {
        a[r * n + j] -= f * a[col * n + j];
        inv[r * n + j] -= f * inv[col * n + j];
      }
    }
  }
  return inv;
}

}  // namespace

PackageLayout parse_package_layout(const std::string& name) {
  if (name == "row") return PackageLayout::kRow;
  if (name == "grid") return PackageLayout::kGrid;
  throw std::invalid_argument("thermal.layout must be \"row\" or \"grid\", not \"" + name + "\"");
}

const char* package_layout_name(PackageLayout l) {
  return l == PackageLayout::kRow ? "row" : "grid";
}

std::vector<std::pair<unsigned, unsigned>> adjacent_cores(PackageLayout l, unsigned cores) {
  unsigned cols = cores;
  if (l == PackageLayout::kGrid)
    while (cols > 1 && (cols - 1) * (cols - 1) >= cores) --cols;  // ceil(sqrt(cores))
  std::vector<std::pair<unsigned, unsigned>> pairs;
  for (unsigned i = 0; i < cores; ++i) {
    if ((i + 1) % cols != 0 && i + 1 < cores) pairs.emplace_back(i, i + 1);  // right
    if (i + cols < cores) pairs.emplace_back(i, i + cols);                   // below
  }
  return pairs;
}

PackageThermal::PackageThermal(const ThermalConfig& c, unsigned cores, PackageLayout layout,
                               double r_lateral)
    : n_(cores),
      ambient_(c.ambient_c),
      c_die_(c.c_die),
      c_sp_(c.c_spreader * cores),
      r_sa_(c.r_spreader_ambient / cores),
      pairs_(adjacent_cores(layout, cores)),
      x_(cores + 1, 0.0) {
  validate(c);
  if (cores == 0) throw std::invalid_argument("thermal: a package needs at least one core");
  if (!(r_lateral > 0)) throw std::invalid_argument("thermal: lateral_r must be > 0");
  const unsigned m = n_ + 1, s = n_;
  Matrix k(m * m, 0.0);
  auto conduct = [&](unsigned i, unsigned j, double r) {
    k[i * m + i] += 1 / r;
    k[j * m + j] += 1 / r;
    k[i * m + j] -= 1 / r;
    k[j * m + i] -= 1 / r;
  };
  for (unsigned i = 0; i < n_; ++i) conduct(i, s, c.r_die_spreader);
  for (const auto& [i, j] : pairs_) conduct(i, j, r_lateral);
  k[s * m + s] += 1 / r_sa_;
  a_.resize(m * m);
  for (unsigned i = 0; i < m; ++i) {
    const double cap = i == s ? c_sp_ : c_die_;
    for (unsigned j = 0; j < m; ++j) a_[i * m + j] = -k[i * m + j] / cap;
  }
  const Matrix kinv = inverse(k, m);
  g_.resize(m * n_);
  for (unsigned i = 0; i < m; ++i)
    for (unsigned j = 0; j < n_; ++j) g_[i * n_ + j] = kinv[i * m + j];
}

void PackageThermal::step(const std::vector<double>& powers, double seconds) {
  if (!(seconds > 0)) return;
  const unsigned m = n_ + 1;
  if (seconds != cached_h_) {
    m_ = exponential(a_, seconds, m);
    cached_h_ = seconds;
  }
  std::vector<double> d(m);
  std::vector<double> inf(m, 0.0);
  for (unsigned i = 0; i < m; ++i) {
    for (unsigned j = 0; j < n_; ++j) inf[i] += g_[i * n_ + j] * powers[j];
    d[i] = x_[i] - inf[i];
  }
  for (unsigned i = 0; i < m; ++i) {
    double v = inf[i];
    for (unsigned j = 0; j < m; ++j) v += m_[i * m + j] * d[j];
    x_[i] = v;
  }
}

double PackageThermal::stored_j() const {
  double e = c_sp_ * x_[n_];
  for (unsigned i = 0; i < n_; ++i) e += c_die_ * x_[i];
  return e;
}

std::vector<double> PackageThermal::steady_c(const std::vector<double>& powers) const {
  std::vector<double> t(n_ + 1, ambient_);
  for (unsigned i = 0; i <= n_; ++i)
    for (unsigned j = 0; j < n_; ++j) t[i] += g_[i * n_ + j] * powers[j];
  return t;
}

}  // namespace kasane
