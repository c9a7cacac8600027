// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_uevent: what a NETLINK_KOBJECT_UEVENT listener (udev's source)
 * hears from the disk's life: "add" when it appears and "remove" when it
 * goes, with SUBSYSTEM=block, DEVNAME and DEVTYPE=disk and the numbers of
 * /sys/block/DISK/dev; "add"/"remove" with DEVTYPE=partition for the
 * partitions a rescan creates and drops (PARTITIONS=yes); "change" with
 * RESIZE=1 after a resize (the profile's RESIZE_CMD), which
 * set_capacity_and_notify() sends for a change between two non-zero
 * sizes; and "change" with DISK_MEDIA_CHANGE=1 when a removable disk's
 * medium goes and comes back (EJECT, INSERT), the medium's absence being
 * capacity 0 as the 2.6 interface defined it.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_blockio.h"
#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_parttable.h"
#include "gendisk_pattern.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

#define UEVENT_WAIT_MS 5000
#define UEVENT_BUF 8192

/* The fields of one uevent the tests look at. */
struct uevent {
	char action[16];
	char devname[GD_STR_MAX];
	char devtype[16];
	char subsystem[32];
	unsigned int major, minor;
	bool resize;		/* RESIZE=1 */
	bool media_change;	/* DISK_MEDIA_CHANGE=1 */
};

/* What a test waits for; NULL or false fields match anything. */
struct uevent_match {
	const char *action;
	const char *devname;
	const char *devtype;
	bool resize;
	bool media_change;
};

FIXTURE(gendisk_uevent) {
	struct gd_profile prof;
	int sock;
	char seen[512];		/* the last events heard, for messages */
};

static int uevent_socket(void)
{
	struct sockaddr_nl addr = {
		.nl_family = AF_NETLINK,
		.nl_groups = 1,		/* the kernel's own uevents */
	};
	int size = 4 * 1024 * 1024;
	int fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
		    NETLINK_KOBJECT_UEVENT);
	if (fd < 0)
		return -errno;
	/* Root may exceed rmem_max: no event lost while a test is busy. */
	setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size));
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/* Parse "ACTION@DEVPATH\0KEY=VALUE\0..." into @ev. */
static void uevent_parse(const char *buf, size_t len, struct uevent *ev)
{
	const char *s = buf, *end = buf + len;

	memset(ev, 0, sizeof(*ev));
	for (s += strnlen(s, end - s) + 1; s < end; s += strnlen(s, end - s) + 1) {
		const char *v = strchr(s, '=');

		if (!v)
			continue;
		v++;
		if (!strncmp(s, "ACTION=", 7))
			snprintf(ev->action, sizeof(ev->action), "%s", v);
		else if (!strncmp(s, "DEVNAME=", 8))
			snprintf(ev->devname, sizeof(ev->devname), "%s", v);
		else if (!strncmp(s, "DEVTYPE=", 8))
			snprintf(ev->devtype, sizeof(ev->devtype), "%s", v);
		else if (!strncmp(s, "SUBSYSTEM=", 10))
			snprintf(ev->subsystem, sizeof(ev->subsystem), "%s", v);
		else if (!strncmp(s, "MAJOR=", 6))
			ev->major = strtoul(v, NULL, 10);
		else if (!strncmp(s, "MINOR=", 6))
			ev->minor = strtoul(v, NULL, 10);
		else if (!strcmp(s, "RESIZE=1"))
			ev->resize = true;
		else if (!strcmp(s, "DISK_MEDIA_CHANGE=1"))
			ev->media_change = true;
	}
}

static bool uevent_matches(const struct uevent *ev,
			   const struct uevent_match *m)
{
	if (strcmp(ev->subsystem, "block"))
		return false;
	if (m->action && strcmp(ev->action, m->action))
		return false;
	if (m->devname && strcmp(ev->devname, m->devname))
		return false;
	if (m->devtype && strcmp(ev->devtype, m->devtype))
		return false;
	if (m->resize && !ev->resize)
		return false;
	return !m->media_change || ev->media_change;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Wait up to @timeout_ms for a block uevent matching @m; true with it in
 * @out.  Every block event heard is noted in @seen.
 */
static bool uevent_wait(int sock, const struct uevent_match *m,
			unsigned int timeout_ms, struct uevent *out,
			char *seen, size_t seenlen)
{
	/* A debug kernel under TCG is slower: $GDC_TIME_FACTOR. */
	const long deadline = now_ms() + (long)timeout_ms * gd_time_factor();
	char buf[UEVENT_BUF];

	memset(out, 0, sizeof(*out));
	for (;;) {
		struct pollfd pfd = { .fd = sock, .events = POLLIN };
		long left = deadline - now_ms();
		ssize_t n;

		if (left < 0 || poll(&pfd, 1, left) <= 0)
			return false;
		n = recv(sock, buf, sizeof(buf) - 1, MSG_DONTWAIT);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		uevent_parse(buf, n, out);
		if (strcmp(out->subsystem, "block"))
			continue;
		if (strlen(seen) + 64 < seenlen)
			snprintf(seen + strlen(seen), seenlen - strlen(seen),
				 " %s:%s:%s%s%s", out->action, out->devname,
				 out->devtype, out->resize ? ":RESIZE" : "",
				 out->media_change ? ":MEDIA" : "");
		if (uevent_matches(out, m))
			return true;
	}
}

FIXTURE_SETUP(gendisk_uevent)
{
	char err[512];
	int ret;

	self->seen[0] = '\0';
	self->sock = -1;
	ret = gd_fixture_begin(&self->prof, "gendisk_uevent", _metadata->name,
			       err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
	/* Listening before the module loads: its "add" is heard too. */
	self->sock = uevent_socket();
	ASSERT_LE(0, self->sock) TH_LOG("uevent socket: %s",
					strerror(-self->sock));
}

FIXTURE_TEARDOWN(gendisk_uevent)
{
	char err[512];

	if (self->sock >= 0)
		close(self->sock);
	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_uevent", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
}

/* Wait for @m; a failed expectation names it and what was heard. */
static void expect_uevent(struct __test_metadata *_metadata, int sock,
			  const struct uevent_match *m, struct uevent *ev,
			  char *seen, size_t seenlen)
{
	EXPECT_TRUE(uevent_wait(sock, m, UEVENT_WAIT_MS, ev, seen, seenlen))
		TH_LOG("no %s %s %s%s%s within %d ms; heard:%s", m->action,
		       m->devname, m->devtype, m->resize ? " RESIZE=1" : "",
		       m->media_change ? " DISK_MEDIA_CHANGE=1" : "",
		       UEVENT_WAIT_MS, seen[0] ? seen : " nothing");
}

#define EXPECT_UEVENT(m, ev) \
	expect_uevent(_metadata, self->sock, (m), (ev), self->seen, \
		      sizeof(self->seen))

TEST_F(gendisk_uevent, add_and_remove_disk)
{
	struct uevent_match m = {
		.action = "add", .devname = self->prof.disk, .devtype = "disk",
	};
	unsigned int major_nr = 0, minor_nr = 0;
	struct uevent ev;
	char err[512];

	ASSERT_EQ(0, gd_bringup_disk(&self->prof, NULL, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_sysfs_devnum(self->prof.disk, &major_nr, &minor_nr));
	EXPECT_UEVENT(&m, &ev);
	EXPECT_EQ(major_nr, ev.major) TH_LOG("MAJOR of the add event");
	EXPECT_EQ(minor_nr, ev.minor) TH_LOG("MINOR of the add event");

	ASSERT_EQ(0, gd_bringup_remove(&self->prof, err, sizeof(err)))
		TH_LOG("%s", err);
	m.action = "remove";
	self->seen[0] = '\0';
	EXPECT_UEVENT(&m, &ev);
	EXPECT_EQ(major_nr, ev.major) TH_LOG("MAJOR of the remove event");
	EXPECT_EQ(minor_nr, ev.minor) TH_LOG("MINOR of the remove event");
}

TEST_F(gendisk_uevent, partition_add_and_remove)
{
	struct gd_part parts[2];
	char names[2][GD_NAME_MAX + 8];
	uint64_t sectors, lbs;
	struct uevent ev;
	char err[512];
	unsigned int i;
	int fd, ret;

	if (gd_profile_claim(self->prof.partitions) != 1)
		SKIP(return, "profile does not claim PARTITIONS=yes");
	ASSERT_EQ(0, gd_bringup_disk(&self->prof, NULL, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "size", &sectors));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "queue/logical_block_size",
				  &lbs));
	if (!gd_parttable_layout(sectors * 512, lbs, parts, 2)) {
		char found[64], need[64];

		gd_format_bytes(sectors * 512, found, sizeof(found));
		gd_format_bytes(gd_parttable_min_bytes(lbs), need, sizeof(need));
		SKIP(return, "%s is %s; a partition table needs at least %s: give the profile a larger disk (PARAMS)",
		     self->prof.disk, found, need);
	}
	fd = open(self->prof.dev, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ret = gd_parttable_write_mbr(fd, sectors * 512, lbs, parts, 2);
	ASSERT_EQ(0, ret) TH_LOG("writing the table: %s", strerror(-ret));
	ASSERT_EQ(0, ioctl(fd, BLKRRPART, 0))
		TH_LOG("BLKRRPART: %s", strerror(errno));
	for (i = 0; i < 2; i++) {
		struct uevent_match m = {
			.action = "add", .devname = names[i],
			.devtype = "partition",
		};

		gd_part_name(self->prof.disk, i + 1, names[i], sizeof(names[i]));
		EXPECT_UEVENT(&m, &ev);
	}
	ASSERT_EQ(0, gd_parttable_wipe(fd, sectors * 512, lbs));
	ASSERT_EQ(0, ioctl(fd, BLKRRPART, 0))
		TH_LOG("BLKRRPART after the wipe: %s", strerror(errno));
	for (i = 0; i < 2; i++) {
		struct uevent_match m = {
			.action = "remove", .devname = names[i],
			.devtype = "partition",
		};

		EXPECT_UEVENT(&m, &ev);
	}
	close(fd);
}

TEST_F(gendisk_uevent, resize_sends_resize_change)
{
	struct uevent_match m = {
		.action = "change", .devname = self->prof.disk,
		.devtype = "disk", .resize = true,
	};
	uint64_t sectors = 0, bytes = 0;
	struct uevent ev;
	char err[512];
	int fd;

	if (!self->prof.resize_cmd[0])
		SKIP(return, "profile has no RESIZE_CMD");
	ASSERT_EQ(0, gd_bringup_disk(&self->prof, NULL, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_run_hook("RESIZE", self->prof.resize_cmd, err,
				 sizeof(err))) TH_LOG("%s", err);
	EXPECT_UEVENT(&m, &ev);
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "size", &sectors));
	EXPECT_EQ(self->prof.resize_bytes, sectors * 512)
		TH_LOG("sysfs size after RESIZE");
	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, BLKGETSIZE64, &bytes));
	EXPECT_EQ(self->prof.resize_bytes, bytes) TH_LOG("BLKGETSIZE64");
	EXPECT_EQ((off_t)self->prof.resize_bytes, lseek(fd, 0, SEEK_END));
	close(fd);
}

/*
 * Capacity 0 is "no medium": size 0, reads at 0 end at once; the medium
 * comes back with its data.  Each change is a DISK_MEDIA_CHANGE=1 event.
 */
TEST_F(gendisk_uevent, media_change_on_removable)
{
	struct uevent_match m = {
		.action = "change", .devname = self->prof.disk,
		.devtype = "disk", .media_change = true,
	};
	uint64_t sectors = 0, bad = 0;
	struct uevent ev;
	char err[512];
	char *buf;
	int fd;

	if (!gd_profile_has(&self->prof, "removable"))
		SKIP(return, "profile does not claim feature 'removable'");
	if (!self->prof.eject[0] || !self->prof.insert[0])
		SKIP(return, "profile has no EJECT and INSERT commands");
	ASSERT_EQ(0, gd_bringup_disk(&self->prof, self->prof.removable_params,
				     err, sizeof(err))) TH_LOG("%s", err);
	fd = open(self->prof.dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, gd_pattern_write_range(fd, 0, 65536, 0x3ed1a001));
	close(fd);

	ASSERT_EQ(0, gd_run_hook("EJECT", self->prof.eject, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_UEVENT(&m, &ev);
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "size", &sectors));
	EXPECT_EQ(0, sectors) TH_LOG("no medium must be capacity 0");
	buf = gd_io_alloc(4096);
	ASSERT_NE(NULL, buf);
	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		EXPECT_EQ(0, pread(fd, buf, 4096, 0))
			TH_LOG("a read without medium must end at once");
		close(fd);
	}

	self->seen[0] = '\0';
	ASSERT_EQ(0, gd_run_hook("INSERT", self->prof.insert, err,
				 sizeof(err))) TH_LOG("%s", err);
	EXPECT_UEVENT(&m, &ev);
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "size", &sectors));
	EXPECT_LT(0, sectors) TH_LOG("capacity after INSERT");
	fd = open(self->prof.dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, gd_pattern_verify_range(fd, 0, 65536, 0x3ed1a001, &bad))
		TH_LOG("data after INSERT differs at %" PRIu64, bad);
	close(fd);
	free(buf);
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
