// SPDX-License-Identifier: GPL-2.0
/*
 * The disk belongs to an object whose teardown tests a "running" flag
 * before deleting it, as bcache's cached_dev_free() does for
 * bch_cached_dev_run(): the run function sets the flag, adds the disk and
 * may fail afterwards; the owner's teardown, defined through a macro
 * (bcache's CLOSURE_CALLBACK), deletes the disk because the flag is set.
 * The error return leaves the disk to that teardown: nothing to report.
 * (The flag is taken back when add_disk() itself fails, as it must be:
 * add-disk-fail-cleanup reports a flag left set there.)
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct ofd_dev {
	struct gendisk *disk;
	atomic_t running;
	struct kobject *holder;
};

#define OFD_RELEASE(name) void name(struct ofd_dev *dev)

int ofd_run(struct ofd_dev *dev);
int ofd_run(struct ofd_dev *dev)
{
	int ret;

	if (atomic_xchg(&dev->running, 1))
		return -EBUSY;
	ret = add_disk(dev->disk);
	if (ret) {
		atomic_set(&dev->running, 0);
		return ret;
	}
	if (sysfs_create_link(dev->holder, &disk_to_dev(dev->disk)->kobj, "dev"))
		return -ENOMEM;
	return 0;
}

static OFD_RELEASE(ofd_free)
{
	if (atomic_read(&dev->running))
		del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

void ofd_stop(struct ofd_dev *dev);
void ofd_stop(struct ofd_dev *dev)
{
	ofd_free(dev);
}

MODULE_LICENSE("GPL");

/*
 * check-name: error after add on a disk whose owner's teardown tests a flag set here
 */
