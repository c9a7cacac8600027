// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-owner-flag-teardown.c: the owner's teardown tests
 * the flag this function sets, but only to stop a worker: it never
 * deletes the disk, so the error return after add_disk() leaves a live
 * disk nobody will delete.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct ofn_dev {
	struct gendisk *disk;
	atomic_t running;
	struct kobject *holder;
};

#define OFN_RELEASE(name) void name(struct ofn_dev *dev)

int ofn_run(struct ofn_dev *dev);
int ofn_run(struct ofn_dev *dev)
{
	int ret;

	if (atomic_xchg(&dev->running, 1))
		return -EBUSY;
	ret = add_disk(dev->disk);
	if (ret)
		return ret;
	if (sysfs_create_link(dev->holder, &disk_to_dev(dev->disk)->kobj, "dev"))
		return -ENOMEM;
	return 0;
}

static OFN_RELEASE(ofn_free)
{
	if (atomic_read(&dev->running))
		pr_info("ofn: stopping a running device\n");
	put_disk(dev->disk);
	kfree(dev);
}

void ofn_stop(struct ofn_dev *dev);
void ofn_stop(struct ofn_dev *dev)
{
	ofn_free(dev);
}

MODULE_LICENSE("GPL");

/*
 * check-name: the flag is tested by a teardown that does not delete the disk
 *
 * check-output-start
fire-owner-flag-not-deleting.c:31:3: warning: error return leaves 'dev->disk' added: del_gendisk() and put_disk() missing on this path [fail-after-add]
fire-owner-flag-not-deleting.c:27:8: note: add_disk() succeeded here
 * check-output-end
 */
