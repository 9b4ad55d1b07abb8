/*
 * powercut-fs: a FUSE passthrough that simulates a power cut (ADR 051), after Jepsen's LazyFS.
 *
 *   powercut-fs <backing-dir> <mountpoint> [FUSE options, e.g. -o allow_other,default_permissions]
 *
 * Writes go through to the backing directory at once (reads stay plain passthrough), but the first
 * change of each 4 KiB page of a file since its last fsync saves that page's durable bytes, and the
 * file's durable size, in memory: an undo log per inode. fsync/fdatasync (any handle of the inode,
 * or O_SYNC/O_DSYNC writes) forget the log: what is in the backing file is then durable.
 *
 * A power cut, `echo cut > <mountpoint>/.powercut`, runs atomically (the daemon is single-threaded):
 *   1. every undo log is applied (saved pages written back, file cut to its durable size);
 *   2. files created since their last fsync whose directory was not fsync'ed either are deleted;
 *   3. the file system goes dead: every later call answers EIO, as a disk without power would,
 *      until `echo revive > <mountpoint>/.powercut` (after the processes using it were killed).
 * `echo sync > .../.powercut` makes everything written so far durable (the kernel's background
 * writeback of old dirty pages, all at once). Reading .powercut gives counters (dirty files, saved pages, cuts, pages and files dropped).
 *
 * Kept at once, not modelled (ADR 051 lists the limits): mkdir, rmdir, unlink, rename, link,
 * symlink, chmod, chown, utimens. The backing directory itself is never fsync'ed: a real power
 * cut of this machine is outside the model.
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <unistd.h>

#define PAGE 4096
#define CONTROL "/.powercut"
#define BUCKETS 4096

struct saved {
  uint64_t page;
  uint32_t len;
  char *data;
};

/* What the model knows about one inode of the backing file system. */
struct inode_rec {
  ino_t ino;
  struct inode_rec *next;
  int refs;            /* open handles */
  int fd;              /* our own O_RDWR descriptor while there is an undo log, else -1 */
  off_t durable_size;  /* size at the last fsync (valid while fd >= 0) */
  uint8_t *bitmap;     /* pages saved, one bit each, for pages below durable_size */
  size_t bitmap_len;
  struct saved *saves;
  size_t nsaves, cap;
  int is_new;          /* created since its last fsync and its directory's last fsync */
  char *path;          /* current path (relative) while is_new */
};

/* An open file or directory (dir != NULL; then rec is NULL). */
struct handle {
  int fd;
  int append;
  int sync;
  struct inode_rec *rec;
  DIR *dir;
  char *path; /* a directory's path, for fsyncdir (handlers get no paths: nullpath_ok) */
};

static int root_fd = -1;
static int dead = 0;
static struct inode_rec *table[BUCKETS];
static unsigned long cuts = 0, dropped_pages = 0, dropped_files = 0, truncated_files = 0;
static unsigned long long dropped_bytes = 0; /* restored page bytes plus bytes cut off past durable sizes */

static const char *rel(const char *path) {
  while (*path == '/') path++;
  return *path ? path : ".";
}

static int is_control(const char *path) { return path && strcmp(path, CONTROL) == 0; }
/* The control file's handles are 0; every other handle is a struct handle pointer. */
static int is_control_at(const char *path, struct fuse_file_info *fi) {
  return fi ? fi->fh == 0 : is_control(path);
}

static struct inode_rec *find_rec(ino_t ino) {
  for (struct inode_rec *r = table[ino % BUCKETS]; r; r = r->next)
    if (r->ino == ino) return r;
  return NULL;
}

static struct inode_rec *get_rec(ino_t ino) {
  struct inode_rec *r = find_rec(ino);
  if (r) return r;
  r = calloc(1, sizeof *r);
  if (!r) abort();
  r->ino = ino;
  r->fd = -1;
  r->next = table[ino % BUCKETS];
  table[ino % BUCKETS] = r;
  return r;
}

static void forget_undo(struct inode_rec *r) {
  for (size_t i = 0; i < r->nsaves; i++) free(r->saves[i].data);
  free(r->saves);
  free(r->bitmap);
  r->saves = NULL;
  r->bitmap = NULL;
  r->nsaves = r->cap = r->bitmap_len = 0;
  if (r->fd >= 0) close(r->fd);
  r->fd = -1;
}

/* Frees the record once nothing refers to it (no handle, no undo log, not a new file). */
static void maybe_free(struct inode_rec *r) {
  if (r->refs > 0 || r->fd >= 0 || r->is_new) return;
  struct inode_rec **p = &table[r->ino % BUCKETS];
  while (*p != r) p = &(*p)->next;
  *p = r->next;
  free(r->path);
  free(r);
}

/* Everything written to the inode so far is durable (fsync, fdatasync, O_SYNC write). */
static void commit(struct inode_rec *r) {
  forget_undo(r);
  r->is_new = 0;
  free(r->path);
  r->path = NULL;
}

/* Starts an undo log on the first change since the last fsync: the current size is the durable one. */
static int begin_undo(struct inode_rec *r, int fd) {
  if (r->fd >= 0) return 0;
  struct stat st;
  if (fstat(fd, &st) < 0) return -errno;
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  int own = open(proc, O_RDWR | O_CLOEXEC);
  if (own < 0) return -errno;
  r->fd = own;
  r->durable_size = st.st_size;
  return 0;
}

/* Saves the durable bytes of the pages in [from, to) not saved yet. */
static int save_range(struct inode_rec *r, off_t from, off_t to) {
  if (to > r->durable_size) to = r->durable_size;
  if (from >= to) return 0;
  uint64_t first = (uint64_t)from / PAGE, last = (uint64_t)(to - 1) / PAGE;
  size_t need = (size_t)(((uint64_t)(r->durable_size - 1) / PAGE) / 8 + 1);
  if (r->bitmap_len < need) {
    uint8_t *b = realloc(r->bitmap, need);
    if (!b) return -ENOMEM;
    memset(b + r->bitmap_len, 0, need - r->bitmap_len);
    r->bitmap = b;
    r->bitmap_len = need;
  }
  for (uint64_t p = first; p <= last; p++) {
    if (r->bitmap[p / 8] & (1u << (p % 8))) continue;
    off_t start = (off_t)(p * PAGE);
    size_t len = (size_t)((r->durable_size - start) < PAGE ? (r->durable_size - start) : PAGE);
    char *data = malloc(len);
    if (!data) return -ENOMEM;
    ssize_t got = pread(r->fd, data, len, start);
    if (got < 0) {
      free(data);
      return -errno;
    }
    if (r->nsaves == r->cap) {
      size_t cap = r->cap ? r->cap * 2 : 16;
      struct saved *s = realloc(r->saves, cap * sizeof *s);
      if (!s) {
        free(data);
        return -ENOMEM;
      }
      r->saves = s;
      r->cap = cap;
    }
    r->saves[r->nsaves++] = (struct saved){p, (uint32_t)got, data};
    r->bitmap[p / 8] |= (uint8_t)(1u << (p % 8));
  }
  return 0;
}

/* Called before a change of [from, to) of the file open as fd; to < 0 means "to the end". */
static int before_change(struct inode_rec *r, int fd, off_t from, off_t to) {
  int e = begin_undo(r, fd);
  if (e) return e;
  return save_range(r, from, to < 0 ? r->durable_size : to);
}

/* The record of a path (for calls without a handle). */
static struct inode_rec *rec_of_path(const char *path, int create) {
  struct stat st;
  if (fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW) < 0) return NULL;
  return create ? get_rec(st.st_ino) : find_rec(st.st_ino);
}

/* Before unlink/rename removes a name: if it is the inode's last name, its model state goes. */
static void name_going(const char *path) {
  struct stat st;
  if (fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode)) return;
  struct inode_rec *r = find_rec(st.st_ino);
  if (!r) return;
  if (st.st_nlink <= 1) {
    forget_undo(r);
    r->is_new = 0;
    free(r->path);
    r->path = NULL;
    maybe_free(r);
  }
}

static void power_cut(void) {
  for (int b = 0; b < BUCKETS; b++) {
    for (struct inode_rec *r = table[b], *next; r; r = next) {
      next = r->next;
      if (r->fd >= 0) {
        struct stat st;
        if (fstat(r->fd, &st) == 0 && st.st_size > r->durable_size)
          dropped_bytes += (unsigned long long)(st.st_size - r->durable_size);
        for (size_t i = 0; i < r->nsaves; i++) dropped_bytes += r->saves[i].len;
        for (size_t i = 0; i < r->nsaves; i++)
          if (pwrite(r->fd, r->saves[i].data, r->saves[i].len, (off_t)(r->saves[i].page * PAGE)) < 0)
            perror("powercut-fs: restoring a page");
        if (ftruncate(r->fd, r->durable_size) < 0) perror("powercut-fs: restoring a size");
        dropped_pages += r->nsaves;
        truncated_files++;
      }
      if (r->is_new && r->path) {
        if (unlinkat(root_fd, r->path, 0) == 0) dropped_files++;
      }
      forget_undo(r);
      r->is_new = 0;
      free(r->path);
      r->path = NULL;
      maybe_free(r);
    }
  }
  cuts++;
  dead = 1;
}

static int status_text(char *buf, size_t size) {
  unsigned long files = 0, pages = 0, news = 0;
  for (int b = 0; b < BUCKETS; b++)
    for (struct inode_rec *r = table[b]; r; r = r->next) {
      if (r->fd >= 0) files++, pages += r->nsaves;
      if (r->is_new) news++;
    }
  return snprintf(buf, size,
                  "dead=%d dirty_files=%lu saved_pages=%lu new_files=%lu cuts=%lu dropped_pages=%lu "
                  "restored_files=%lu dropped_new_files=%lu dropped_bytes=%llu\n",
                  dead, files, pages, news, cuts, dropped_pages, truncated_files, dropped_files, dropped_bytes);
}

#define DEAD_CHECK() \
  do {               \
    if (dead) return -EIO; \
  } while (0)

static void *pc_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
  (void)conn;
  cfg->use_ino = 1;
  cfg->nullpath_ok = 1;
  cfg->hard_remove = 1;
  /* No attribute, name or data caching in the kernel beyond an open: after a cut it would be stale. */
  cfg->entry_timeout = 0;
  cfg->attr_timeout = 0;
  cfg->negative_timeout = 0;
  cfg->kernel_cache = 0;
  cfg->auto_cache = 0;
  cfg->direct_io = 0;
  return NULL;
}

static int pc_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
  if (is_control_at(path, fi)) {
    memset(st, 0, sizeof *st);
    st->st_mode = S_IFREG | 0666;
    st->st_nlink = 1;
    return 0;
  }
  /* The root stays reachable when dead, so that the control file can be found. */
  if (dead && !(path && strcmp(path, "/") == 0)) return -EIO;
  int r = fi ? fstat(((struct handle *)(uintptr_t)fi->fh)->fd, st)
             : fstatat(root_fd, rel(path), st, AT_SYMLINK_NOFOLLOW);
  return r < 0 ? -errno : 0;
}

static int pc_access(const char *path, int mask) {
  if (is_control(path)) return 0;
  DEAD_CHECK();
  return faccessat(root_fd, rel(path), mask, 0) < 0 ? -errno : 0;
}

static int pc_readlink(const char *path, char *buf, size_t size) {
  DEAD_CHECK();
  ssize_t n = readlinkat(root_fd, rel(path), buf, size - 1);
  if (n < 0) return -errno;
  buf[n] = 0;
  return 0;
}

static int pc_opendir(const char *path, struct fuse_file_info *fi) {
  DEAD_CHECK();
  int fd = openat(root_fd, rel(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return -errno;
  DIR *d = fdopendir(fd);
  if (!d) {
    int e = errno;
    close(fd);
    return -e;
  }
  struct handle *h = calloc(1, sizeof *h);
  if (!h) abort();
  h->fd = fd;
  h->dir = d;
  h->path = strdup(rel(path));
  fi->fh = (uint64_t)(uintptr_t)h;
  return 0;
}

static int pc_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
                      enum fuse_readdir_flags flags) {
  (void)path, (void)off, (void)flags;
  DEAD_CHECK();
  DIR *d = ((struct handle *)(uintptr_t)fi->fh)->dir;
  rewinddir(d);
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    struct stat st = {0};
    st.st_ino = e->d_ino;
    st.st_mode = (mode_t)DTTOIF(e->d_type);
    if (fill(buf, e->d_name, &st, 0, 0)) break;
  }
  return 0;
}

static int pc_releasedir(const char *path, struct fuse_file_info *fi) {
  (void)path;
  struct handle *h = (struct handle *)(uintptr_t)fi->fh;
  closedir(h->dir);
  free(h->path);
  free(h);
  return 0;
}

/* fsync of a directory makes the names created in it durable. */
static int pc_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
  (void)datasync, (void)path;
  DEAD_CHECK();
  const char *dir = ((struct handle *)(uintptr_t)fi->fh)->path;
  size_t n = strlen(dir);
  for (int b = 0; b < BUCKETS; b++)
    for (struct inode_rec *r = table[b], *next; r; r = next) {
      next = r->next;
      if (!r->is_new || !r->path) continue;
      const char *slash = strrchr(r->path, '/');
      int in_dir = slash ? ((size_t)(slash - r->path) == n && strncmp(r->path, dir, n) == 0) : strcmp(dir, ".") == 0;
      if (in_dir) {
        r->is_new = 0;
        free(r->path);
        r->path = NULL;
        maybe_free(r);
      }
    }
  return 0;
}

static void chown_to_caller(const char *path) {
  if (geteuid() != 0) return;
  struct fuse_context *c = fuse_get_context();
  if (fchownat(root_fd, rel(path), c->uid, c->gid, AT_SYMLINK_NOFOLLOW) < 0) perror("powercut-fs: chown");
}

static int pc_mkdir(const char *path, mode_t mode) {
  DEAD_CHECK();
  if (mkdirat(root_fd, rel(path), mode) < 0) return -errno;
  chown_to_caller(path);
  return 0;
}

static int pc_mknod(const char *path, mode_t mode, dev_t dev) {
  DEAD_CHECK();
  if (mknodat(root_fd, rel(path), mode, dev) < 0) return -errno;
  chown_to_caller(path);
  return 0;
}

static int pc_symlink(const char *target, const char *path) {
  DEAD_CHECK();
  if (symlinkat(target, root_fd, rel(path)) < 0) return -errno;
  chown_to_caller(path);
  return 0;
}

static int pc_unlink(const char *path) {
  DEAD_CHECK();
  name_going(path);
  return unlinkat(root_fd, rel(path), 0) < 0 ? -errno : 0;
}

static int pc_rmdir(const char *path) {
  DEAD_CHECK();
  return unlinkat(root_fd, rel(path), AT_REMOVEDIR) < 0 ? -errno : 0;
}

/* New files keep their path up to date; a renamed directory moves the paths under it. */
static void paths_renamed(const char *from, const char *to) {
  size_t n = strlen(from);
  for (int b = 0; b < BUCKETS; b++)
    for (struct inode_rec *r = table[b]; r; r = r->next) {
      if (!r->is_new || !r->path) continue;
      if (strcmp(r->path, from) == 0 || (strncmp(r->path, from, n) == 0 && r->path[n] == '/')) {
        char *p = malloc(strlen(to) + strlen(r->path + n) + 1);
        if (!p) abort();
        strcpy(p, to);
        strcat(p, r->path + n);
        free(r->path);
        r->path = p;
      }
    }
}

static int pc_rename(const char *from, const char *to, unsigned int flags) {
  DEAD_CHECK();
  if (flags & RENAME_EXCHANGE) return -EINVAL;
  if (!(flags & RENAME_NOREPLACE)) {
    struct stat a, b;
    int same = fstatat(root_fd, rel(from), &a, AT_SYMLINK_NOFOLLOW) == 0 &&
               fstatat(root_fd, rel(to), &b, AT_SYMLINK_NOFOLLOW) == 0 && a.st_ino == b.st_ino;
    if (!same) name_going(to);
  }
  if (renameat2(root_fd, rel(from), root_fd, rel(to), flags) < 0) return -errno;
  paths_renamed(rel(from), rel(to));
  return 0;
}

static int pc_link(const char *from, const char *to) {
  DEAD_CHECK();
  return linkat(root_fd, rel(from), root_fd, rel(to), 0) < 0 ? -errno : 0;
}

static int pc_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
  DEAD_CHECK();
  int r = fi ? fchmod(((struct handle *)(uintptr_t)fi->fh)->fd, mode) : fchmodat(root_fd, rel(path), mode, 0);
  return r < 0 ? -errno : 0;
}

static int pc_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi) {
  DEAD_CHECK();
  int r = fi ? fchown(((struct handle *)(uintptr_t)fi->fh)->fd, uid, gid)
             : fchownat(root_fd, rel(path), uid, gid, AT_SYMLINK_NOFOLLOW);
  return r < 0 ? -errno : 0;
}

static int pc_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
  if (is_control_at(path, fi)) return 0;
  DEAD_CHECK();
  int fd, own = -1;
  struct inode_rec *r;
  if (fi) {
    struct handle *h = (struct handle *)(uintptr_t)fi->fh;
    fd = h->fd;
    r = h->rec;
  } else {
    own = openat(root_fd, rel(path), O_RDWR | O_CLOEXEC);
    if (own < 0) return -errno;
    struct stat st;
    if (fstat(own, &st) < 0) {
      int e = errno;
      close(own);
      return -e;
    }
    fd = own;
    r = get_rec(st.st_ino);
  }
  int e = before_change(r, fd, size, -1);
  if (!e && ftruncate(fd, size) < 0) e = -errno;
  if (own >= 0) close(own);
  maybe_free(r);
  return e;
}

static int pc_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
  if (is_control_at(path, fi)) return 0;
  DEAD_CHECK();
  int r = fi ? futimens(((struct handle *)(uintptr_t)fi->fh)->fd, tv)
             : utimensat(root_fd, rel(path), tv, AT_SYMLINK_NOFOLLOW);
  return r < 0 ? -errno : 0;
}

/* Backing descriptors are opened read-write where allowed (pages are saved through them), never
   O_APPEND (emulated) nor O_DIRECT (the page cache is what this models). */
static int open_backing(const char *path, int flags, mode_t mode, struct fuse_file_info *fi, int created) {
  int base = flags & ~(O_ACCMODE | O_APPEND | O_DIRECT | O_SYNC | O_DSYNC | O_CREAT | O_EXCL | O_TRUNC);
  int truncating = (flags & O_TRUNC) != 0;
  int fd = openat(root_fd, rel(path), base | O_RDWR | O_CLOEXEC | (created ? O_CREAT | O_EXCL : 0), mode);
  if (fd < 0 && (errno == EACCES || errno == EISDIR || errno == EROFS))
    fd = openat(root_fd, rel(path), base | (flags & O_ACCMODE) | O_CLOEXEC | (created ? O_CREAT | O_EXCL : 0), mode);
  if (fd < 0) return -errno;
  struct stat st;
  if (fstat(fd, &st) < 0) {
    int e = errno;
    close(fd);
    return -e;
  }
  struct handle *h = calloc(1, sizeof *h);
  if (!h) abort();
  h->fd = fd;
  h->append = (flags & O_APPEND) != 0;
  h->sync = (flags & (O_SYNC | O_DSYNC)) != 0;
  h->rec = get_rec(st.st_ino);
  h->rec->refs++;
  if (created) {
    chown_to_caller(path);
    h->rec->is_new = 1;
    free(h->rec->path);
    h->rec->path = strdup(rel(path));
  }
  if (truncating && st.st_size > 0) {
    int e = before_change(h->rec, fd, 0, -1);
    if (!e && ftruncate(fd, 0) < 0) e = -errno;
    if (e) {
      h->rec->refs--;
      maybe_free(h->rec);
      close(fd);
      free(h);
      return e;
    }
  }
  fi->fh = (uint64_t)(uintptr_t)h;
  return 0;
}

static int pc_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
  DEAD_CHECK();
  if (is_control(path)) return -EEXIST;
  return open_backing(path, fi->flags, mode, fi, 1);
}

static int pc_open(const char *path, struct fuse_file_info *fi) {
  if (is_control(path)) {
    fi->fh = 0;
    fi->direct_io = 1;
    return 0;
  }
  DEAD_CHECK();
  return open_backing(path, fi->flags, 0, fi, 0);
}

static int pc_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  (void)path;
  if (fi->fh == 0) {
    char text[512];
    int n = status_text(text, sizeof text);
    if (off >= n) return 0;
    if ((size_t)(n - off) < size) size = (size_t)(n - off);
    memcpy(buf, text + off, size);
    return (int)size;
  }
  DEAD_CHECK();
  ssize_t n = pread(((struct handle *)(uintptr_t)fi->fh)->fd, buf, size, off);
  return n < 0 ? -errno : (int)n;
}

static int pc_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  (void)path;
  if (fi->fh == 0) {
    if (size >= 3 && strncmp(buf, "cut", 3) == 0) {
      power_cut();
      fprintf(stderr, "powercut-fs: power cut %lu\n", cuts);
    } else if (size >= 4 && strncmp(buf, "sync", 4) == 0) {
      /* The kernel's background writeback, all at once: everything written so far is durable. */
      for (int b = 0; b < BUCKETS; b++)
        for (struct inode_rec *r = table[b], *next; r; r = next) {
          next = r->next;
          commit(r);
          maybe_free(r);
        }
    } else if (size >= 6 && strncmp(buf, "revive", 6) == 0) {
      dead = 0;
    } else {
      return -EINVAL;
    }
    return (int)size;
  }
  DEAD_CHECK();
  struct handle *h = (struct handle *)(uintptr_t)fi->fh;
  if (h->append) {
    struct stat st;
    if (fstat(h->fd, &st) < 0) return -errno;
    off = st.st_size;
  }
  int e = before_change(h->rec, h->fd, off, off + (off_t)size);
  if (e) return e;
  ssize_t n = pwrite(h->fd, buf, size, off);
  if (n < 0) return -errno;
  if (h->sync) commit(h->rec);
  return (int)n;
}

static int pc_statfs(const char *path, struct statvfs *st) {
  (void)path;
  DEAD_CHECK();
  return fstatvfs(root_fd, st) < 0 ? -errno : 0;
}

/* close() makes nothing durable. */
static int pc_flush(const char *path, struct fuse_file_info *fi) {
  (void)path, (void)fi;
  return 0;
}

static int pc_release(const char *path, struct fuse_file_info *fi) {
  (void)path;
  if (fi->fh == 0) return 0;
  struct handle *h = (struct handle *)(uintptr_t)fi->fh;
  close(h->fd);
  h->rec->refs--;
  maybe_free(h->rec);
  free(h);
  return 0;
}

static int pc_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
  (void)datasync;
  if (fi && fi->fh == 0) return 0;
  DEAD_CHECK();
  struct inode_rec *r = fi && fi->fh ? ((struct handle *)(uintptr_t)fi->fh)->rec : path ? rec_of_path(path, 0) : NULL;
  if (r) {
    commit(r);
    maybe_free(r);
  }
  return 0;
}

/* fallocate: a size change (mode 0 never changes existing bytes); punching holes changes bytes. */
static int pc_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi) {
  (void)path;
  DEAD_CHECK();
  struct handle *h = (struct handle *)(uintptr_t)fi->fh;
  int e = before_change(h->rec, h->fd, mode ? off : 0, mode ? off + len : 0);
  if (e) return e;
  return fallocate(h->fd, mode, off, len) < 0 ? -errno : 0;
}

static off_t pc_lseek(const char *path, off_t off, int whence, struct fuse_file_info *fi) {
  (void)path;
  DEAD_CHECK();
  off_t r = lseek(((struct handle *)(uintptr_t)fi->fh)->fd, off, whence);
  return r < 0 ? -errno : r;
}

static const struct fuse_operations ops = {
    .init = pc_init,
    .getattr = pc_getattr,
    .access = pc_access,
    .readlink = pc_readlink,
    .opendir = pc_opendir,
    .readdir = pc_readdir,
    .releasedir = pc_releasedir,
    .fsyncdir = pc_fsyncdir,
    .mkdir = pc_mkdir,
    .mknod = pc_mknod,
    .symlink = pc_symlink,
    .unlink = pc_unlink,
    .rmdir = pc_rmdir,
    .rename = pc_rename,
    .link = pc_link,
    .chmod = pc_chmod,
    .chown = pc_chown,
    .truncate = pc_truncate,
    .utimens = pc_utimens,
    .create = pc_create,
    .open = pc_open,
    .read = pc_read,
    .write = pc_write,
    .statfs = pc_statfs,
    .flush = pc_flush,
    .release = pc_release,
    .fsync = pc_fsync,
    .fallocate = pc_fallocate,
    .lseek = pc_lseek,
};

int main(int argc, char *argv[]) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s <backing-dir> <mountpoint> [FUSE options]\n", argv[0]);
    return 2;
  }
  root_fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (root_fd < 0) {
    perror(argv[1]);
    return 1;
  }
  umask(0);
  /* If the test process dies (a timeout, a kill), this daemon ends too and unmounts: no stale mount. */
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) return 1;
  struct rlimit rl;
  if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
  }
  /* Single-threaded (-s): every call, and a cut, runs alone; foreground (-f): the test owns the process. */
  char *args[64];
  int n = 0;
  args[n++] = argv[0];
  args[n++] = "-f";
  args[n++] = "-s";
  for (int i = 2; i < argc && n < 63; i++) args[n++] = argv[i];
  args[n] = NULL;
  return fuse_main(n, args, &ops, NULL);
}
