// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_hotplug: the disk follows its device when the host changes it.
 *
 *  - resize: the host grows the disk (QMP block_resize); the driver
 *    notices (for virtio, a config-change interrupt) and calls
 *    set_capacity_and_notify(): /sys/block/DISK/size and BLKGETSIZE64
 *    follow, the new sectors are usable, and a "change" uevent with
 *    RESIZE=1 reaches a NETLINK_KOBJECT_UEVENT listener; then back.
 *  - hot-unplug under I/O: the host unplugs the device (QMP device_del)
 *    while the disk is open and a thread reads and writes it: the I/O
 *    ends with an error (EIO or the like, or end of device), never a
 *    hang; new I/O on the open descriptor fails too; the node and the
 *    sysfs entry go (checked after close); a hot-add brings a working
 *    disk back.
 *  - unplug and replug, idle: data written before is there after.
 *
 * The host acts through the QMP channel (gendisk_qmp.h); the profile
 * claims the features (HOTPLUG=qmp, RESIZE=qmp) and names the QEMU device
 * and block node (QMP_DEVICE, QMP_NODE).  A kernel report during a test
 * fails it (gdc-test markers, vm/splat-scan).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/netlink.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"

#include "gendisk_blockio.h"
#include "gendisk_bringup.h"
#include "gendisk_kmsg.h"
#include "gendisk_module.h"
#include "gendisk_profile.h"
#include "gendisk_qmp.h"
#include "gendisk_sysfs.h"

/* A resize or unplug request; device_del waits for the guest's eject. */
#define GD_QMP_TIMEOUT_MS 60000
/* The host's bridge answers a ping at once; allow for a loaded host. */
#define GD_QMP_PING_MS 20000
/* How long a hot-added disk or a resize may take to show. */
#define GD_HOTPLUG_SETTLE_MS 20000
#define GD_RESIZE_GROW (32ULL << 20)
#define GD_IO_BLOCK 65536

static long long gd_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void gd_sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * A hot-added disk appears in sysfs while device_add_disk() still scans
 * its partitions in the kernel's hotplug work, holding a reference on the
 * driver's module: wait (5 s at most) until nothing holds one, so the
 * module can be unloaded after the test.
 */
static void gd_wait_module_idle(const struct gd_profile *p)
{
	long long deadline = gd_now_ms() + 5000;

	while (gd_module_refcnt(p) > 0 && gd_now_ms() < deadline)
		gd_sleep_ms(20);
}

/* A channel nobody answers fails at once, not after each timeout. */
static void gd_qmp_require(struct __test_metadata *_metadata)
{
	char res[512];

	ASSERT_EQ(0, gd_qmp_request("ping", GD_QMP_PING_MS, res, sizeof(res)))
		TH_LOG("the host does not answer on the QMP channel: %s", res);
}

FIXTURE(gendisk_hotplug) {
	struct gd_profile prof;
	char sysdir[GD_STR_MAX];
	bool unplugged;		/* device_del done, no device_add since */
	uint64_t resized_from;	/* original size in bytes, 0 = not resized */
	bool wedged;		/* a removal hung: leave the module alone */
	bool throttled;		/* QMP_DEVICE's I/O is throttled */
};

FIXTURE_SETUP(gendisk_hotplug)
{
	char err[512];
	int ret;

	ASSERT_EQ(0, gd_profile_load(&self->prof, err, sizeof(err)))
		TH_LOG("%s", err);
	if (!self->prof.hotplug[0] && !self->prof.resize[0])
		SKIP(return,
		     "profile claims neither HOTPLUG=qmp nor RESIZE=qmp");
	if (!gd_qmp_available(err, sizeof(err)))
		SKIP(return, "%s", err);
	snprintf(self->sysdir, sizeof(self->sysdir), "/sys/block/%s",
		 self->prof.disk);
	/*
	 * Loads the profile again and writes the begin marker only now: a
	 * skipped setup gets no teardown that would end it.
	 */
	ret = gd_fixture_bringup(&self->prof, "gendisk_hotplug",
				 _metadata->name, err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
}

/* Put the device back as the fixture found it, whatever the test did. */
FIXTURE_TEARDOWN(gendisk_hotplug)
{
	char cmd[256], res[512], err[512];

	if (self->wedged) {
		TH_LOG("teardown: the device's removal hung: module left loaded");
		gd_kmsg_mark("end", "gendisk_hotplug", _metadata->name);
		return;
	}
	if (self->unplugged) {
		snprintf(cmd, sizeof(cmd), "device_add %s %s",
			 self->prof.qmp_device, self->prof.qmp_node);
		EXPECT_EQ(0, gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res,
					    sizeof(res)))
			TH_LOG("teardown: %s: %s", cmd, res);
		gd_wait_path(self->sysdir, true, GD_HOTPLUG_SETTLE_MS);
		gd_wait_module_idle(&self->prof);
	}
	if (self->throttled && !self->unplugged) {
		snprintf(cmd, sizeof(cmd), "throttle %s 0",
			 self->prof.qmp_device);
		EXPECT_EQ(0, gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res,
					    sizeof(res)))
			TH_LOG("teardown: %s: %s", cmd, res);
	}
	if (self->resized_from) {
		snprintf(cmd, sizeof(cmd), "block_resize %s %llu",
			 self->prof.qmp_node,
			 (unsigned long long)self->resized_from);
		EXPECT_EQ(0, gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res,
					    sizeof(res)))
			TH_LOG("teardown: %s: %s", cmd, res);
	}
	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_hotplug", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
}

/* ---- uevents ------------------------------------------------------------ */

/* A listener on the kernel's uevent multicast group; -1 on error. */
static int gd_uevent_listen(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK,
		.nl_groups = 1,		/* the kernel's own uevents */
	};
	int buf = 1 << 20;
	int fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
		    NETLINK_KOBJECT_UEVENT);
	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buf, sizeof(buf));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The value of KEY in a uevent (NUL-separated KEY=VALUE), or NULL. */
static const char *gd_uevent_get(const char *msg, size_t len, const char *key)
{
	size_t klen = strlen(key), i = 0;

	while (i < len) {
		const char *s = msg + i;
		size_t n = strnlen(s, len - i);

		if (n > klen && !strncmp(s, key, klen) && s[klen] == '=')
			return s + klen + 1;
		i += n + 1;
	}
	return NULL;
}

/*
 * Wait up to @timeout_ms for a "change" uevent of DEVNAME @disk with
 * RESIZE=1.  Returns true when one came; @seen describes what did.
 */
static bool gd_uevent_wait_resize(int fd, const char *disk,
				  unsigned int timeout_ms, char *seen,
				  size_t seenlen)
{
	long long deadline = gd_now_ms() + timeout_ms;
	char msg[8192];

	seen[0] = '\0';
	for (;;) {
		long long left = deadline - gd_now_ms();
		struct timeval tv;
		const char *action, *devname, *resize;
		ssize_t n;

		if (left <= 0)
			return false;
		tv.tv_sec = left / 1000;
		tv.tv_usec = (left % 1000) * 1000;
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		n = recv(fd, msg, sizeof(msg) - 1, 0);
		if (n <= 0)
			continue;
		msg[n] = '\0';
		action = gd_uevent_get(msg, n, "ACTION");
		devname = gd_uevent_get(msg, n, "DEVNAME");
		resize = gd_uevent_get(msg, n, "RESIZE");
		if (strlen(seen) + 64 < seenlen)
			snprintf(seen + strlen(seen), seenlen - strlen(seen),
				 "[%s %s%s] ", action ? action : "?",
				 devname ? devname : "?",
				 resize ? " RESIZE" : "");
		if (action && devname && !strcmp(action, "change") &&
		    !strcmp(devname, disk) && resize && !strcmp(resize, "1"))
			return true;
	}
}

/* ---- helpers ------------------------------------------------------------ */

static int gd_size_bytes(const char *dev, uint64_t *bytes)
{
	int fd, ret = 0;

	fd = open(dev, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ioctl(fd, BLKGETSIZE64, bytes))
		ret = -errno;
	close(fd);
	return ret;
}

/* Wait for /sys/block/DISK/size to read @sectors; the last value seen. */
static uint64_t gd_wait_sectors(const char *disk, uint64_t sectors,
				unsigned int timeout_ms)
{
	long long deadline = gd_now_ms() + timeout_ms;
	uint64_t now = 0;

	do {
		if (!gd_sysfs_u64(disk, "size", &now) && now == sectors)
			break;
		gd_sleep_ms(50);
	} while (gd_now_ms() < deadline);
	return now;
}

/*
 * Resize the block node to @bytes, then require the size everywhere and
 * a change uevent with RESIZE=1.
 */
static void gd_resize_to(struct __test_metadata *_metadata,
			 const struct gd_profile *p, int ufd, uint64_t bytes)
{
	char cmd[256], res[512], seen[1024];
	uint64_t sectors, got = 0;
	bool uevent;
	int ret;

	snprintf(cmd, sizeof(cmd), "block_resize %s %llu", p->qmp_node,
		 (unsigned long long)bytes);
	ret = gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res, sizeof(res));
	ASSERT_EQ(0, ret) TH_LOG("%s: %s", cmd, res);

	uevent = gd_uevent_wait_resize(ufd, p->disk, GD_HOTPLUG_SETTLE_MS,
				       seen, sizeof(seen));
	EXPECT_TRUE(uevent)
		TH_LOG("no change uevent with DEVNAME=%s RESIZE=1 within %d ms; saw: %s",
		       p->disk, GD_HOTPLUG_SETTLE_MS, seen[0] ? seen : "none");
	sectors = gd_wait_sectors(p->disk, bytes >> 9, GD_HOTPLUG_SETTLE_MS);
	EXPECT_EQ(bytes >> 9, sectors)
		TH_LOG("/sys/block/%s/size after resizing to %llu bytes",
		       p->disk, (unsigned long long)bytes);
	ret = gd_size_bytes(p->dev, &got);
	EXPECT_EQ(0, ret) TH_LOG("BLKGETSIZE64 on %s: %s", p->dev,
				 strerror(-ret));
	EXPECT_EQ(bytes, got) TH_LOG("BLKGETSIZE64 after resize");
}

TEST_F_TIMEOUT(gendisk_hotplug, resize_updates_size_and_uevent, 120)
{
	uint64_t orig = 0, grown;
	char *buf;
	int ufd, fd, ret;

	if (!self->prof.resize[0])
		SKIP(return, "profile does not claim RESIZE=qmp");
	gd_qmp_require(_metadata);
	ret = gd_size_bytes(self->prof.dev, &orig);
	ASSERT_EQ(0, ret) TH_LOG("BLKGETSIZE64: %s", strerror(-ret));
	ufd = gd_uevent_listen();
	ASSERT_LE(0, ufd) TH_LOG("uevent socket: %s", strerror(errno));

	grown = orig + GD_RESIZE_GROW;
	self->resized_from = orig;
	gd_resize_to(_metadata, &self->prof, ufd, grown);

	/* The new end is usable: the last block reads and writes. */
	buf = gd_io_alloc(4096);
	ASSERT_NE(NULL, buf);
	fd = open(self->prof.dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open: %s", strerror(errno));
	memset(buf, 0x5a, 4096);
	EXPECT_EQ(0, gd_pwrite_all(fd, buf, 4096, grown - 4096))
		TH_LOG("write of the last block after growing");
	EXPECT_EQ(0, gd_pread_all(fd, buf, 4096, grown - 4096))
		TH_LOG("read of the last block after growing");
	EXPECT_EQ(0x5a, buf[4095]);
	close(fd);
	free(buf);

	/* And back: a shrink is a capacity change too. */
	gd_resize_to(_metadata, &self->prof, ufd, orig);
	self->resized_from = 0;
	close(ufd);
}

/* ---- hot-unplug ----------------------------------------------------------- */

struct gd_io_worker {
	int fd;
	atomic_long ops;	/* I/Os that succeeded */
	atomic_int done;	/* the worker saw its I/O fail and stopped */
	int err;		/* errno of the failure, 0 = end of device */
	bool failed_write;
	uint64_t size;
};

/*
 * Read and write 64 KiB blocks (O_DIRECT: no page cache to hide the
 * device) round the first 16 MiB until one fails.
 */
static void *gd_io_worker(void *arg)
{
	struct gd_io_worker *w = arg;
	uint64_t span = w->size < (16 << 20) ? w->size : (16 << 20);
	char *buf = gd_io_alloc(GD_IO_BLOCK);
	unsigned long i;

	if (!buf) {
		w->err = ENOMEM;
		atomic_store(&w->done, 1);
		return NULL;
	}
	memset(buf, 0xa5, GD_IO_BLOCK);
	for (i = 0;; i++) {
		off_t off = (i * GD_IO_BLOCK) % span;
		bool wr = i & 1;
		ssize_t n;

		n = wr ? pwrite(w->fd, buf, GD_IO_BLOCK, off) :
			 pread(w->fd, buf, GD_IO_BLOCK, off);
		if (n != GD_IO_BLOCK) {
			w->err = n < 0 ? errno : 0;
			w->failed_write = wr;
			break;
		}
		atomic_fetch_add(&w->ops, 1);
	}
	free(buf);
	atomic_store(&w->done, 1);
	return NULL;
}

/* An error a dead disk may give: EIO, ENXIO, ENODEV, or 0 = no data. */
static bool gd_clean_io_error(int err)
{
	return err == 0 || err == EIO || err == ENXIO || err == ENODEV ||
	       err == ENOSPC;
}

static void gd_unplug(struct __test_metadata *_metadata,
		      const struct gd_profile *p, bool *unplugged)
{
	char cmd[256], res[512];
	int ret;

	snprintf(cmd, sizeof(cmd), "device_del %s", p->qmp_device);
	ret = gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res, sizeof(res));
	ASSERT_EQ(0, ret)
		TH_LOG("%s: %s (the guest did not release the device?)", cmd,
		       res);
	*unplugged = true;
}

/* Plug the device back; its disk appears and reads. */
static void gd_replug(struct __test_metadata *_metadata,
		      const struct gd_profile *p, const char *sysdir,
		      bool *unplugged)
{
	char cmd[256], res[512], sector[512];
	int fd, ret;

	snprintf(cmd, sizeof(cmd), "device_add %s %s", p->qmp_device,
		 p->qmp_node);
	ret = gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res, sizeof(res));
	ASSERT_EQ(0, ret) TH_LOG("%s: %s", cmd, res);
	*unplugged = false;
	ASSERT_TRUE(gd_wait_path(sysdir, true, GD_HOTPLUG_SETTLE_MS))
		TH_LOG("%s did not come back after %s", sysdir, cmd);
	ASSERT_TRUE(gd_wait_path(p->dev, true, GD_HOTPLUG_SETTLE_MS))
		TH_LOG("%s did not come back after %s", p->dev, cmd);
	fd = open(p->dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open after replug: %s", strerror(errno));
	EXPECT_EQ((ssize_t)sizeof(sector), read(fd, sector, sizeof(sector)))
		TH_LOG("read after replug: %s", strerror(errno));
	close(fd);
	gd_wait_module_idle(p);
}

TEST_F_TIMEOUT(gendisk_hotplug, unplug_under_io_fails_cleanly, 180)
{
	struct gd_io_worker w = { .fd = -1 };
	long long deadline;
	pthread_t thread;
	char *buf;
	long ops_before;
	ssize_t n;

	if (!self->prof.hotplug[0])
		SKIP(return, "profile does not claim HOTPLUG=qmp");
	gd_qmp_require(_metadata);
	w.fd = open(self->prof.dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, w.fd) TH_LOG("open %s: %s", self->prof.dev,
				  strerror(errno));
	ASSERT_EQ(0, ioctl(w.fd, BLKGETSIZE64, &w.size));
	ASSERT_EQ(0, pthread_create(&thread, NULL, gd_io_worker, &w));

	/* Unplug only once I/O really flows. */
	deadline = gd_now_ms() + 20000;
	while (atomic_load(&w.ops) < 32 && !atomic_load(&w.done) &&
	       gd_now_ms() < deadline)
		gd_sleep_ms(10);
	ops_before = atomic_load(&w.ops);
	ASSERT_FALSE(atomic_load(&w.done))
		TH_LOG("I/O failed before the unplug: %s", strerror(w.err));
	ASSERT_LE(32, ops_before) TH_LOG("I/O too slow to start");

	gd_unplug(_metadata, &self->prof, &self->unplugged);

	/* The I/O must end with an error, not hang. */
	deadline = gd_now_ms() + 30000;
	while (!atomic_load(&w.done) && gd_now_ms() < deadline)
		gd_sleep_ms(20);
	ASSERT_TRUE(atomic_load(&w.done))
		TH_LOG("I/O still running or hung 30 s after the unplug (%ld I/Os done)",
		       atomic_load(&w.ops));
	pthread_join(thread, NULL);
	EXPECT_TRUE(gd_clean_io_error(w.err))
		TH_LOG("I/O after unplug failed with %s", strerror(w.err));
	TH_LOG("note: %ld I/Os before the unplug, %ld in all; the %s failed with %s",
	       ops_before, atomic_load(&w.ops),
	       w.failed_write ? "write" : "read",
	       w.err ? strerror(w.err) : "0 bytes (end of device)");

	/* New I/O on the still-open descriptor fails as well. */
	buf = gd_io_alloc(4096);
	ASSERT_NE(NULL, buf);
	n = pread(w.fd, buf, 4096, 0);
	EXPECT_TRUE(n == 0 || (n < 0 && gd_clean_io_error(errno)))
		TH_LOG("read of a removed disk returned %zd (%s)", n,
		       n < 0 ? strerror(errno) : "data");
	n = pwrite(w.fd, buf, 4096, 0);
	EXPECT_TRUE(n < 0 && gd_clean_io_error(errno))
		TH_LOG("write to a removed disk returned %zd (%s)", n,
		       n < 0 ? strerror(errno) : "success");
	free(buf);
	EXPECT_EQ(0, close(w.fd));
	/* After close: nothing of the disk is left. */
	EXPECT_TRUE(gd_wait_path(self->sysdir, false, 5000))
		TH_LOG("%s still there after unplug and close", self->sysdir);
	EXPECT_TRUE(gd_wait_path(self->prof.dev, false, 5000))
		TH_LOG("%s still there after unplug and close", self->prof.dev);

	gd_replug(_metadata, &self->prof, self->sysdir, &self->unplugged);
}

TEST_F_TIMEOUT(gendisk_hotplug, unplug_idle_replug_keeps_data, 180)
{
	uint64_t bad = 0;
	int fd, ret;

	if (!self->prof.hotplug[0])
		SKIP(return, "profile does not claim HOTPLUG=qmp");
	gd_qmp_require(_metadata);
	fd = open(self->prof.dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open: %s", strerror(errno));
	ASSERT_EQ(0, gd_pattern_write_range(fd, 0, GD_IO_CHUNK, 0x6d0))
		TH_LOG("pattern write");
	ASSERT_EQ(0, fsync(fd));
	close(fd);

	gd_unplug(_metadata, &self->prof, &self->unplugged);
	EXPECT_TRUE(gd_wait_path(self->sysdir, false, 5000))
		TH_LOG("%s still there after unplug", self->sysdir);
	EXPECT_TRUE(gd_wait_path(self->prof.dev, false, 5000))
		TH_LOG("%s still there after unplug", self->prof.dev);

	gd_replug(_metadata, &self->prof, self->sysdir, &self->unplugged);
	fd = open(self->prof.dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open after replug: %s", strerror(errno));
	ret = gd_pattern_verify_range(fd, 0, GD_IO_CHUNK, 0x6d0, &bad);
	EXPECT_EQ(0, ret) TH_LOG("data after replug differs at %llu (ret %d)",
				 (unsigned long long)bad, ret);
	close(fd);
}

/* ---- surprise removal ------------------------------------------------------ */

#define GD_BREAK_MODULE "gdc_virtio_break"
#define GD_SURPRISE_WORKERS 4
#define GD_SURPRISE_IOPS 20

/* The last component of the symlink /sys/block/DISK/@link, or "". */
static void gd_sysfs_link_name(const char *disk, const char *link, char *out,
			       size_t len)
{
	char path[GD_STR_MAX + 64], target[GD_STR_MAX];
	ssize_t n;
	char *slash;

	out[0] = '\0';
	snprintf(path, sizeof(path), "/sys/block/%s/%s", disk, link);
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return;
	target[n] = '\0';
	slash = strrchr(target, '/');
	slash = slash ? slash + 1 : target;
	if (strlen(slash) < len)
		memcpy(out, slash, strlen(slash) + 1);
}

/*
 * Unbind @dev from @driver in a child (a driver's remove that hangs must
 * not take the test with it).  True when the write finished within
 * @timeout_ms; @err gets its errno (0 = success).
 */
static bool gd_unbind(const char *driver, const char *dev,
		      unsigned int timeout_ms, int *err)
{
	char path[GD_STR_MAX + 64];
	long long deadline = gd_now_ms() + timeout_ms;
	int status;
	pid_t pid;

	snprintf(path, sizeof(path), "/sys/bus/virtio/drivers/%s/unbind",
		 driver);
	pid = fork();
	if (pid < 0) {
		*err = errno;
		return true;
	}
	if (!pid) {
		int fd = open(path, O_WRONLY | O_CLOEXEC);

		if (fd < 0)
			_exit(errno);
		if (write(fd, dev, strlen(dev)) < 0)
			_exit(errno);
		_exit(0);
	}
	while (gd_now_ms() < deadline) {
		if (waitpid(pid, &status, WNOHANG) == pid) {
			*err = WIFEXITED(status) ? WEXITSTATUS(status) : EINTR;
			return true;
		}
		gd_sleep_ms(20);
	}
	return false;
}

/*
 * The device vanishes under I/O: gdc_virtio_break marks it broken (what
 * virtio_pci does when the PCI device is already gone), so the requests
 * it took never complete; then its driver is unbound.  The driver must
 * fail those requests and every new one, and its remove must finish: no
 * hang in del_gendisk().  QEMU then unplugs the dead device and plugs a
 * fresh one.
 */
TEST_F_TIMEOUT(gendisk_hotplug, surprise_removal_under_io_fails_cleanly, 180)
{
	struct gd_io_worker w[GD_SURPRISE_WORKERS];
	pthread_t thread[GD_SURPRISE_WORKERS];
	char vdev[GD_NAME_MAX], driver[GD_NAME_MAX];
	char cmd[256], res[512];
	struct gd_profile brk;
	long long deadline;
	uint64_t size;
	long ops;
	int fd, ret, err = 0, i, done;

	if (!self->prof.surprise_remove[0])
		SKIP(return, "profile does not claim SURPRISE_REMOVE");
	gd_qmp_require(_metadata);
	gd_sysfs_link_name(self->prof.disk, "device", vdev, sizeof(vdev));
	gd_sysfs_link_name(self->prof.disk, "device/driver", driver,
			   sizeof(driver));
	ASSERT_TRUE(!strncmp(vdev, "virtio", 6) && driver[0])
		TH_LOG("%s is not on a virtio device with a driver ('%s', '%s')",
		       self->prof.disk, vdev, driver);

	/*
	 * Several workers on a device QEMU throttles to a few I/Os a second:
	 * each worker has a request waiting in the device when it goes.
	 */
	snprintf(cmd, sizeof(cmd), "throttle %s %d", self->prof.qmp_device,
		 GD_SURPRISE_IOPS);
	ret = gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res, sizeof(res));
	ASSERT_EQ(0, ret) TH_LOG("%s: %s", cmd, res);
	self->throttled = true;
	fd = open(self->prof.dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open: %s", strerror(errno));
	ASSERT_EQ(0, ioctl(fd, BLKGETSIZE64, &size));
	memset(w, 0, sizeof(w));
	for (i = 0; i < GD_SURPRISE_WORKERS; i++) {
		w[i].fd = fd;
		w[i].size = size;
		ASSERT_EQ(0, pthread_create(&thread[i], NULL, gd_io_worker,
					    &w[i]));
	}
	deadline = gd_now_ms() + 20000;
	while (atomic_load(&w[0].ops) < 4 && !atomic_load(&w[0].done) &&
	       gd_now_ms() < deadline)
		gd_sleep_ms(10);
	ASSERT_FALSE(atomic_load(&w[0].done))
		TH_LOG("I/O failed before the removal: %s", strerror(w[0].err));
	ASSERT_LE(4, atomic_load(&w[0].ops)) TH_LOG("I/O too slow to start");

	/* The device is gone from here on. */
	brk = self->prof;
	snprintf(brk.module, sizeof(brk.module), GD_BREAK_MODULE);
	snprintf(brk.module_path, sizeof(brk.module_path),
		 "/lib/modules/extra/" GD_BREAK_MODULE ".ko");
	ASSERT_GT(sizeof(brk.params), strlen(self->prof.dev) + 5);
	memcpy(brk.params, "disk=", 5);
	memcpy(brk.params + 5, self->prof.dev, strlen(self->prof.dev) + 1);
	ret = gd_module_load(&brk, NULL);
	ASSERT_EQ(0, ret) TH_LOG("insmod %s %s: %s", brk.module_path,
				 brk.params, strerror(-ret));
	gd_module_unload(&brk);

	/* Requests the device had are lost: their threads wait. */
	gd_sleep_ms(1000);
	for (i = 0, done = 0; i < GD_SURPRISE_WORKERS; i++)
		done += atomic_load(&w[i].done);
	TH_LOG("note: %d of %d I/O threads wait for a lost request",
	       GD_SURPRISE_WORKERS - done, GD_SURPRISE_WORKERS);
	EXPECT_GT(GD_SURPRISE_WORKERS, done)
		TH_LOG("no request was in flight when the device went: nothing tested");

	if (!gd_unbind(driver, vdev, 30000, &err)) {
		self->wedged = true;
		ASSERT_TRUE(false)
			TH_LOG("unbinding %s from %s (the driver's remove) hung for 30 s with I/O in flight on a vanished device",
			       vdev, driver);
	}
	EXPECT_EQ(0, err) TH_LOG("unbind %s: %s", vdev, strerror(err));

	deadline = gd_now_ms() + 30000;
	do {
		for (i = 0, done = 0; i < GD_SURPRISE_WORKERS; i++)
			done += atomic_load(&w[i].done);
		if (done == GD_SURPRISE_WORKERS)
			break;
		gd_sleep_ms(20);
	} while (gd_now_ms() < deadline);
	if (done < GD_SURPRISE_WORKERS) {
		self->wedged = true;
		ASSERT_TRUE(false)
			TH_LOG("%d of %d I/O threads still hanging 30 s after the device vanished",
			       GD_SURPRISE_WORKERS - done, GD_SURPRISE_WORKERS);
	}
	for (i = 0, ops = 0; i < GD_SURPRISE_WORKERS; i++) {
		pthread_join(thread[i], NULL);
		EXPECT_TRUE(gd_clean_io_error(w[i].err))
			TH_LOG("I/O on the vanished device failed with %s",
			       strerror(w[i].err));
		ops += atomic_load(&w[i].ops);
	}
	TH_LOG("note: %ld I/Os before the device vanished; then %s failed with %s",
	       ops, w[0].failed_write ? "a write" : "a read",
	       w[0].err ? strerror(w[0].err) : "0 bytes (end of device)");
	EXPECT_EQ(0, close(fd));
	EXPECT_TRUE(gd_wait_path(self->sysdir, false, 5000))
		TH_LOG("%s still there after removal and close", self->sysdir);
	EXPECT_TRUE(gd_wait_path(self->prof.dev, false, 5000))
		TH_LOG("%s still there after removal and close",
		       self->prof.dev);

	/* QEMU takes the dead device away and plugs a fresh one. */
	snprintf(cmd, sizeof(cmd), "device_del %s", self->prof.qmp_device);
	ret = gd_qmp_request(cmd, GD_QMP_TIMEOUT_MS, res, sizeof(res));
	ASSERT_EQ(0, ret) TH_LOG("%s: %s", cmd, res);
	self->unplugged = true;
	self->throttled = false;	/* the new device is not throttled */
	gd_replug(_metadata, &self->prof, self->sysdir, &self->unplugged);
}

TEST_HARNESS_MAIN
