// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_ro: a disk the driver marks read-only (set_disk_ro) says so in
 * sysfs and through BLKROGET, refuses writes, still serves reads, and
 * BLKROSET 0 does not make it writable.  Independently of the driver, the
 * administrator's BLKROSET 1 must make a writable disk refuse writes.
 *
 * block/fops.c returns EPERM for a write to a read-only block device; an
 * open for writing may also be refused (EROFS/EACCES): both are accepted.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_blockio.h"
#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_pattern.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

FIXTURE(gendisk_ro) {
	struct gd_profile prof;
};

/* Tests load the module themselves: with or without the read-only knob. */
FIXTURE_SETUP(gendisk_ro)
{
	char err[512];
	int ret;

	ret = gd_fixture_begin(&self->prof, "gendisk_ro", _metadata->name,
			       err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
}

FIXTURE_TEARDOWN(gendisk_ro)
{
	char err[512];

	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_ro", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
}

/* Load with RO_PARAMS, or SKIP when the profile claims no read-only mode. */
static bool bring_up_read_only(struct __test_metadata *_metadata,
			       const struct gd_profile *p)
{
	char err[512];

	if (!gd_profile_has(p, "readonly"))
		SKIP(return false, "profile does not claim feature 'readonly'");
	EXPECT_NE(0, p->ro_params[0])
		TH_LOG("FEATURES has readonly but RO_PARAMS is empty");
	if (!p->ro_params[0])
		return false;
	EXPECT_EQ(0, gd_bringup_disk(p, p->ro_params, err, sizeof(err)))
		TH_LOG("%s", err);
	return !_metadata->exit_code;
}

/*
 * A write attempt on a read-only disk: either the open for writing or the
 * write itself must fail with EPERM or EROFS (EACCES for the open).
 */
static int expect_write_refused(struct __test_metadata *_metadata,
				const char *dev, int extra_flags)
{
	void *buf = gd_io_alloc(4096);
	ssize_t n;
	int fd;

	if (!buf)
		return -1;
	memset(buf, 0x5a, 4096);
	fd = open(dev, O_WRONLY | O_CLOEXEC | extra_flags);
	if (fd < 0) {
		EXPECT_TRUE(errno == EROFS || errno == EACCES ||
			    errno == EPERM)
			TH_LOG("open for write failed with unexpected %s",
			       strerror(errno));
		free(buf);
		return 0;
	}
	errno = 0;
	n = pwrite(fd, buf, 4096, 0);
	EXPECT_EQ(-1, n) TH_LOG("write to a read-only disk returned %zd", n);
	EXPECT_TRUE(errno == EPERM || errno == EROFS)
		TH_LOG("errno %d (%s), want EPERM or EROFS", errno,
		       strerror(errno));
	close(fd);
	free(buf);
	return 0;
}

TEST_F(gendisk_ro, driver_ro_reported)
{
	uint64_t ro = 0;
	int fd, flag = -1;

	if (!bring_up_read_only(_metadata, &self->prof))
		return;
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "ro", &ro));
	EXPECT_EQ((uint64_t)1, ro);
	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", self->prof.dev, strerror(errno));
	ASSERT_EQ(0, ioctl(fd, BLKROGET, &flag))
		TH_LOG("BLKROGET: %s", strerror(errno));
	EXPECT_EQ(1, flag);
	close(fd);
}

TEST_F(gendisk_ro, driver_ro_refuses_writes)
{
	if (!bring_up_read_only(_metadata, &self->prof))
		return;
	expect_write_refused(_metadata, self->prof.dev, 0);
	expect_write_refused(_metadata, self->prof.dev, O_DIRECT);
}

TEST_F(gendisk_ro, driver_ro_still_reads)
{
	char *buf = gd_io_alloc(4096);
	int fd;

	ASSERT_NE(NULL, buf);
	if (!bring_up_read_only(_metadata, &self->prof)) {
		free(buf);
		return;
	}
	fd = open(self->prof.dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, gd_pread_all(fd, buf, 4096, 0));
	if (gd_profile_has(&self->prof, "zeroed"))
		EXPECT_EQ(-1, gd_zero_check(buf, 4096));
	close(fd);
	free(buf);
}

/* BLKROSET 0 clears only the block device's flag, not the disk's. */
TEST_F(gendisk_ro, driver_ro_survives_blkroset_0)
{
	int fd, zero = 0, flag = -1;

	if (!bring_up_read_only(_metadata, &self->prof))
		return;
	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, ioctl(fd, BLKROSET, &zero))
		TH_LOG("BLKROSET 0: %s", strerror(errno));
	ASSERT_EQ(0, ioctl(fd, BLKROGET, &flag));
	EXPECT_EQ(1, flag);
	expect_write_refused(_metadata, self->prof.dev, 0);
	close(fd);
}

/* Any driver: the administrator can make a writable disk read-only. */
TEST_F(gendisk_ro, blkroset_makes_disk_ro)
{
	int fd, wfd, one = 1, zero = 0, flag = -1;
	char err[512], buf[512];

	ASSERT_EQ(0, gd_bringup_disk(&self->prof, NULL, err, sizeof(err)))
		TH_LOG("%s", err);
	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, BLKROGET, &flag));
	ASSERT_EQ(0, flag) TH_LOG("disk is read-only without RO_PARAMS");

	ASSERT_EQ(0, ioctl(fd, BLKROSET, &one))
		TH_LOG("BLKROSET 1: %s", strerror(errno));
	ASSERT_EQ(0, ioctl(fd, BLKROGET, &flag));
	EXPECT_EQ(1, flag);
	/* (sysfs "ro" shows the disk's flag, set_disk_ro, not this one.) */
	expect_write_refused(_metadata, self->prof.dev, 0);

	ASSERT_EQ(0, ioctl(fd, BLKROSET, &zero));
	ASSERT_EQ(0, ioctl(fd, BLKROGET, &flag));
	EXPECT_EQ(0, flag);
	wfd = open(self->prof.dev, O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, wfd) TH_LOG("open for write after BLKROSET 0: %s",
				 strerror(errno));
	memset(buf, 0x11, sizeof(buf));
	EXPECT_EQ((ssize_t)sizeof(buf), pwrite(wfd, buf, sizeof(buf), 0))
		TH_LOG("write after BLKROSET 0: %s", strerror(errno));
	close(wfd);
	close(fd);
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
