/* powercut.c: a power-cut simulator of our own for boardapp's durability tests (LD_PRELOAD).
 *
 * Written for this project; see tests/engine/powercut.py for how the tests use it.
 *
 * A process run with this library preloaded and BOARDAPP_POWERCUT_DIR / BOARDAPP_POWERCUT_SHADOW set keeps,
 * in the shadow folder, what a disk would still hold of the watched folder if the power went off now:
 *
 *   - a file's data becomes durable only when the file is synced: at fsync() or fdatasync() of any descriptor of
 *     it, its whole content at that moment is copied to SHADOW/data/<key>; writes after the last sync are lost;
 *   - a name in the folder becomes durable only when the folder itself is synced: at fsync() or fdatasync() of a
 *     descriptor of the watched folder, its listing (name -> key of the file it names) is copied to SHADOW/listing;
 *     a file created, linked, renamed or removed since the folder's last sync keeps its old name (or none);
 *   - sync() and syncfs() make everything durable (the listing and every file's data).
 *
 * <key> is "<inode>-<generation>": the generation of an inode grows when its last name is removed (unlink, or a
 * rename over it), so an inode number the filesystem hands out again never gives a new file an old file's data,
 * nor an old name the new file's data.
 *
 * The simulated power cut is then: SIGKILL the process at any moment, and rebuild the folder from the shadow
 * (powercut.py: every name of SHADOW/listing with the data last synced for its key, or empty if it never was).
 * The copy into the shadow is written under a temporary name and renamed, so a kill in the middle of a sync leaves
 * the previous durable state, as a sync that never returned would.
 *
 * Not modelled (each makes the model stricter than a real disk, never kinder): O_SYNC/O_DSYNC writes, msync,
 * sync_file_range, and a sub-folder's own entries; only regular files directly in the watched folder are kept.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static char watch[PATH_MAX];
static char shadow[PATH_MAX];
static int active = 0;

static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static void (*real_sync)(void);
static int (*real_syncfs)(int);
static int (*real_unlink)(const char *);
static int (*real_unlinkat)(int, const char *, int);
static int (*real_rename)(const char *, const char *);
static int (*real_renameat)(int, const char *, int, const char *);
static int (*real_renameat2)(int, const char *, int, const char *, unsigned int);

static void fail(const char *what) {
    /* The shadow cannot be kept: say so loudly and stop, so that no test passes on a model that is not kept. */
    fprintf(stderr, "powercut: %s: %s\n", what, strerror(errno));
    _exit(97);
}

static void find_real(void) {
    if (real_fsync) return;
    real_fsync = dlsym(RTLD_NEXT, "fsync");
    real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
    real_sync = dlsym(RTLD_NEXT, "sync");
    real_syncfs = dlsym(RTLD_NEXT, "syncfs");
    real_unlink = dlsym(RTLD_NEXT, "unlink");
    real_unlinkat = dlsym(RTLD_NEXT, "unlinkat");
    real_rename = dlsym(RTLD_NEXT, "rename");
    real_renameat = dlsym(RTLD_NEXT, "renameat");
    real_renameat2 = dlsym(RTLD_NEXT, "renameat2");
}

__attribute__((constructor)) static void init(void) {
    find_real();
    const char *w = getenv("BOARDAPP_POWERCUT_DIR");
    const char *s = getenv("BOARDAPP_POWERCUT_SHADOW");
    if (!w || !s || !*w || !*s) return;
    if (!realpath(w, watch)) fail("BOARDAPP_POWERCUT_DIR");
    if (!realpath(s, shadow)) fail("BOARDAPP_POWERCUT_SHADOW");
    active = 1;
}

/* --- the shadow ------------------------------------------------------------------------------------------- */

static int lock_shadow(void) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/lock", shadow);
    int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) fail("open the shadow's lock");
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) fail("lock the shadow");
    return fd;
}

static void unlock_shadow(int fd) { close(fd); }

static long generation(ino_t ino) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/gen/%llu", shadow, (unsigned long long)ino);
    FILE *f = fopen(p, "r");
    long g = 0;
    if (f) {
        if (fscanf(f, "%ld", &g) != 1) g = 0;
        fclose(f);
    }
    return g;
}

/* Write `len` bytes to SHADOW/<name> through a temporary file and a rename: all or nothing, even under SIGKILL. */
static void put(const char *name, int src, const char *text, size_t len) {
    char tmp[PATH_MAX], final[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/%s.%d.tmp", shadow, name, (int)getpid());
    snprintf(final, sizeof final, "%s/%s", shadow, name);
    int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out < 0) fail("create a shadow file");
    char buf[1 << 16];
    if (src >= 0) {
        off_t at = 0;
        for (;;) {
            ssize_t n = pread(src, buf, sizeof buf, at);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) fail("read a synced file");
            if (n == 0) break;
            for (ssize_t done = 0; done < n;) {
                ssize_t m = write(out, buf + done, (size_t)(n - done));
                if (m < 0 && errno == EINTR) continue;
                if (m < 0) fail("write a shadow file");
                done += m;
            }
            at += n;
        }
    } else {
        for (size_t done = 0; done < len;) {
            ssize_t m = write(out, text + done, len - done);
            if (m < 0 && errno == EINTR) continue;
            if (m < 0) fail("write a shadow file");
            done += (size_t)m;
        }
    }
    close(out);
    if (real_rename(tmp, final) != 0) fail("rename a shadow file");
}

static void bump_generation(ino_t ino) {
    char name[64], text[32];
    snprintf(name, sizeof name, "gen/%llu", (unsigned long long)ino);
    int n = snprintf(text, sizeof text, "%ld\n", generation(ino) + 1);
    put(name, -1, text, (size_t)n);
}

/* The folder's listing as the disk now holds it: "<key>\t<name>\n" for every regular file directly in it. */
static void keep_listing(void) {
    DIR *d = opendir(watch);
    if (!d) fail("list the watched folder");
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    if (!text) fail("memory");
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
        char line[NAME_MAX + 64];
        int n = snprintf(line, sizeof line, "%llu-%ld\t%s\n", (unsigned long long)st.st_ino,
                         generation(st.st_ino), e->d_name);
        while (len + (size_t)n + 1 > cap) {
            cap *= 2;
            text = realloc(text, cap);
            if (!text) fail("memory");
        }
        memcpy(text + len, line, (size_t)n);
        len += (size_t)n;
    }
    closedir(d);
    put("listing", -1, text, len);
    free(text);
}

/* A regular file's data as it is now, under its key. */
static void keep_data(int fd, ino_t ino) {
    char proc[64], name[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    int src = open(proc, O_RDONLY | O_CLOEXEC);  /* a new description: fd may be write-only */
    if (src < 0) fail("reopen a synced file");
    snprintf(name, sizeof name, "data/%llu-%ld", (unsigned long long)ino, generation(ino));
    put(name, src, NULL, 0);
    close(src);
}

/* Is `path` (absolute, resolved) directly in the watched folder? */
static int in_watch(const char *path) {
    size_t n = strlen(watch);
    return strncmp(path, watch, n) == 0 && path[n] == '/' && strchr(path + n + 1, '/') == NULL;
}

static void synced(int fd) {
    struct stat st;
    char proc[64], path[PATH_MAX];
    if (fstat(fd, &st) != 0) return;
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(proc, path, sizeof path - 1);
    if (n < 0) return;
    path[n] = 0;
    const char *gone = " (deleted)";
    size_t g = strlen(gone);
    if ((size_t)n > g && strcmp(path + n - g, gone) == 0) path[n - g] = 0;
    if (S_ISDIR(st.st_mode) && strcmp(path, watch) == 0) {
        int l = lock_shadow();
        keep_listing();
        unlock_shadow(l);
    } else if (S_ISREG(st.st_mode) && in_watch(path)) {
        int l = lock_shadow();
        keep_data(fd, st.st_ino);
        unlock_shadow(l);
    }
}

static void everything(void) {
    int l = lock_shadow();
    DIR *d = opendir(watch);
    if (!d) fail("list the watched folder");
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int fd = openat(dirfd(d), e->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) keep_data(fd, st.st_ino);
        close(fd);
    }
    closedir(d);
    keep_listing();
    unlock_shadow(l);
}

/* `name` relative to `dirfd` as an absolute path with its folder resolved; 0 if it cannot be said. */
static int resolve(int dirfd, const char *name, char *out) {
    char folder[PATH_MAX], base[PATH_MAX], whole[PATH_MAX * 2];
    if (name[0] == '/') {
        snprintf(whole, sizeof whole, "%s", name);
    } else if (dirfd == AT_FDCWD) {
        if (!getcwd(folder, sizeof folder)) return 0;
        snprintf(whole, sizeof whole, "%s/%s", folder, name);
    } else {
        char proc[64];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", dirfd);
        ssize_t n = readlink(proc, folder, sizeof folder - 1);
        if (n < 0) return 0;
        folder[n] = 0;
        snprintf(whole, sizeof whole, "%s/%s", folder, name);
    }
    char *slash = strrchr(whole, '/');
    snprintf(base, sizeof base, "%s", slash + 1);
    *slash = 0;
    if (!realpath(whole[0] ? whole : "/", folder)) return 0;
    snprintf(out, PATH_MAX, "%s/%s", folder, base);
    return 1;
}

/* The inode `path` names, if this is its last name in the watched folder (removing the name frees it). */
static ino_t last_name(int dirfd, const char *name) {
    char path[PATH_MAX];
    struct stat st;
    if (!active || !resolve(dirfd, name, path) || !in_watch(path)) return 0;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1) return 0;
    return st.st_ino;
}

static void freed(ino_t ino) {
    if (!ino) return;
    int l = lock_shadow();
    bump_generation(ino);
    unlock_shadow(l);
}

/* --- the calls ---------------------------------------------------------------------------------------------- */

int fsync(int fd) {
    find_real();
    int rc = real_fsync(fd), err = errno;
    if (rc == 0 && active) synced(fd);
    errno = err;
    return rc;
}

int fdatasync(int fd) {
    find_real();
    int rc = real_fdatasync(fd), err = errno;
    if (rc == 0 && active) synced(fd);
    errno = err;
    return rc;
}

void sync(void) {
    find_real();
    real_sync();
    if (active) everything();
}

int syncfs(int fd) {
    find_real();
    int rc = real_syncfs(fd), err = errno;
    if (rc == 0 && active) everything();
    errno = err;
    return rc;
}

int unlink(const char *path) {
    find_real();
    ino_t ino = last_name(AT_FDCWD, path);
    int rc = real_unlink(path), err = errno;
    if (rc == 0) freed(ino);
    errno = err;
    return rc;
}

int unlinkat(int dirfd, const char *path, int flags) {
    find_real();
    ino_t ino = (flags & AT_REMOVEDIR) ? 0 : last_name(dirfd, path);
    int rc = real_unlinkat(dirfd, path, flags), err = errno;
    if (rc == 0) freed(ino);
    errno = err;
    return rc;
}

static ino_t replaced(int olddirfd, const char *old, int newdirfd, const char *new) {
    ino_t ino = last_name(newdirfd, new);
    char path[PATH_MAX];
    struct stat st;
    if (ino && resolve(olddirfd, old, path) && lstat(path, &st) == 0 && st.st_ino == ino) return 0;
    return ino;
}

int rename(const char *old, const char *new) {
    find_real();
    ino_t ino = replaced(AT_FDCWD, old, AT_FDCWD, new);
    int rc = real_rename(old, new), err = errno;
    if (rc == 0) freed(ino);
    errno = err;
    return rc;
}

int renameat(int olddirfd, const char *old, int newdirfd, const char *new) {
    find_real();
    ino_t ino = replaced(olddirfd, old, newdirfd, new);
    int rc = real_renameat(olddirfd, old, newdirfd, new), err = errno;
    if (rc == 0) freed(ino);
    errno = err;
    return rc;
}

int renameat2(int olddirfd, const char *old, int newdirfd, const char *new, unsigned int flags) {
    find_real();
    ino_t ino = (flags & RENAME_EXCHANGE) ? 0 : replaced(olddirfd, old, newdirfd, new);
    int rc = real_renameat2(olddirfd, old, newdirfd, new, flags), err = errno;
    if (rc == 0) freed(ino);
    errno = err;
    return rc;
}
