"""MkDocs hooks (mkdocs.yml): the site is docs/ plus the repository's front page and its source
tours, and every link works both on the site and where the Markdown is read in the repository.

- The home page is README.md (docs/index.md only stands in for it), so the front page is written
  once.
- The READMEs beside the code (SOURCE_PAGES) are pages of the site too, under source/.
- A page links to a file by its path in the repository, relative to the page (docs/os.md writes
  `../os/README.md`), so the link works when the Markdown is read in the checkout. On the site a
  link to a page becomes the page's address, and a link to any other file of the repository (a
  program, a config) becomes its text and the path, since the site holds only the pages."""
import logging
import os
import re
from pathlib import Path

from mkdocs.structure.files import File

log = logging.getLogger("mkdocs.hooks")
ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
# Repository file -> its page on the site.
SOURCE_PAGES = {
    "os/README.md": "source/os.md",
    "runtime/README.md": "source/runtime.md",
    "sim/mem/README.md": "source/memory.md",
    "sim/power/README.md": "source/power.md",
    "workloads/mapreduce/README.md": "source/mapreduce.md",
    "isa/REFERENCE.md": "source/isa-reference.md",
}
LINK = re.compile(r"(!?)\[([^\]]*)\]\((?!https?://|mailto:|#)([^)\s]+)\)")


def on_files(files, config):
    for repo_path, site_path in SOURCE_PAGES.items():
        f = File(site_path, str(DOCS), config["site_dir"], config["use_directory_urls"])
        f.abs_src_path = str(ROOT / repo_path)
        files.append(f)
    return files


def repo_location(src_path: str) -> Path:
    """Where the page's Markdown lives in the repository (links in it are relative to that)."""
    if src_path == "index.md":
        return ROOT / "README.md"
    for repo_path, site_path in SOURCE_PAGES.items():
        if site_path == src_path:
            return ROOT / repo_path
    return DOCS / src_path


def on_page_read_source(page, config):
    if page.file.src_path == "index.md":
        return (ROOT / "README.md").read_text()
    return None


def on_page_markdown(markdown, page, config, files):
    here = repo_location(page.file.src_path).parent
    site_dir = Path(page.file.src_path).parent

    def fix(m: re.Match) -> str:
        bang, text, target = m.groups()
        path, _, anchor = target.partition("#")
        anchor = f"#{anchor}" if anchor else ""
        repo = (here / path).resolve()
        try:
            rel = repo.relative_to(ROOT).as_posix()
        except ValueError:
            return m.group(0)  # outside the repository: leave it to MkDocs to judge
        if rel.startswith("docs/"):
            site = rel[len("docs/"):]
        elif rel in SOURCE_PAGES:
            site = SOURCE_PAGES[rel]
        else:
            return text if text.strip("`") == rel else f"{text} (`{rel}`)"
        return f"{bang}[{text}]({os.path.relpath(site, site_dir or '.')}{anchor})"

    out, fence = [], False
    for line in markdown.split("\n"):
        if line.lstrip().startswith("```"):
            fence = not fence
        out.append(line if fence else LINK.sub(fix, line))
    return "\n".join(out)


def on_nav(nav, config, files):
    """A page left out of the nav is a warning, so `mkdocs build --strict` fails on it (MkDocs
    itself only mentions it): every page must be reachable."""
    in_nav = {p.file.src_path for p in nav.pages}
    for f in files.documentation_pages():
        if f.src_path not in in_nav:
            log.warning("page %s is not in mkdocs.yml's nav", f.src_path)
    return nav
