// SPDX-License-Identifier: GPL-2.0
/*
 * gdram - reference bio-based RAM disk for gendisk-check.
 *
 * This module is written to be copied.  It shows the whole lifecycle of a
 * gendisk with the modern (6.x) API, in the order the block layer needs:
 *
 *   module init, first for every disk (nothing visible yet):
 *     1. allocate the driver's private data, including everything I/O
 *        needs (the backing store)               gdram_alloc_dev()
 *     2. allocate the gendisk + request queue    gdram_alloc_disk()
 *        (blk_alloc_disk(), see gdram_compat.h)
 *     3. fill it in: fops (with .owner), dynamic dev_t, disk_name,
 *        private_data, flags, capacity, read-only
 *     on failure: put_disk() each prepared disk, fail the load
 *   then for every disk:
 *     4. add_disk() - here device_add_disk() to pass a sysfs group -
 *        with its result checked
 *   once a disk is live, init must not fail any more: a later failure
 *   takes every live disk down with del_gendisk() + put_disk() and
 *   returns 0 (the reason is in the comment above gdram_init())
 *
 *   module exit, per disk:  del_gendisk(), put_disk(), free private data
 *
 * Object model behind the order (gendisk-api.md §2.1): allocating a disk
 * is device_initialize(), add_disk() is device_add(), del_gendisk() is
 * device_del() and put_disk() is the final put_device() that frees the
 * gendisk and the queue it owns.  That is the refcounting design 2.6's
 * alloc_disk/add_disk/del_gendisk/put_disk were built on (documented in
 * the LWN article "Driver porting: the gendisk interface", 2003, quoted
 * below as "the article"), except that allocation and add_disk() can now
 * fail and must be checked.
 *
 * Kernel functions are cited by name (block/genhd.c of Linux 6.1 and
 * 6.12 unless said); "gendisk-api.md §N" is the project's API notes,
 * reference-driver/docs/gendisk-api.md, which collect them.
 *
 * Fault injection: the fail_at= and fail_disk= parameters make one step
 * of init fail so that each unwind path can be run for real.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/highmem.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/vmalloc.h>

#include "gdram_compat.h"

#define GDRAM_MAX_DISKS	16

/* ------------------------------------------------------------------------
 * Module parameters.  All are read-only in sysfs (0444): they describe how
 * the disks were created and changing them afterwards would mean nothing.
 */

static unsigned int nr_disks = 1;
module_param(nr_disks, uint, 0444);
MODULE_PARM_DESC(nr_disks, "Number of disks gdram0..gdramN-1 (1..16, default 1)");

static unsigned long capacity_mb = 16;
module_param(capacity_mb, ulong, 0444);
MODULE_PARM_DESC(capacity_mb, "Size of each disk in MiB (default 16)");

static unsigned int lbs = 512;
module_param(lbs, uint, 0444);
MODULE_PARM_DESC(lbs, "Logical block size in bytes: 512, 1024, 2048 or 4096 (default 512)");

static bool read_only;
module_param(read_only, bool, 0444);
MODULE_PARM_DESC(read_only, "Create the disks read-only (default 0)");

static bool removable;
module_param(removable, bool, 0444);
MODULE_PARM_DESC(removable,
		 "Removable media: GENHD_FL_REMOVABLE and a writable /sys/block/gdramN/media (default 0)");

static char *fail_at = "none";
module_param(fail_at, charp, 0444);
MODULE_PARM_DESC(fail_at,
		 "Inject an init failure: none, dev_alloc, disk_alloc, add_disk, post_add (default none)");

static unsigned int fail_disk;
module_param(fail_disk, uint, 0444);
MODULE_PARM_DESC(fail_disk, "Index of the disk at which fail_at applies (default 0; ignored by post_add)");

/* ------------------------------------------------------------------------
 * Fault injection.
 *
 * Each injection point stands in for a real failure at that step and
 * returns what the real failure would return (-ENOMEM, or the failure
 * value of the allocator), so the error path that follows is exactly the
 * one a real failure takes.  The failing call itself is skipped, not
 * called and then overridden: e.g. for add_disk the disk is left never
 * added, which is the state a failed add_disk() leaves it in
 * (device_add_disk()'s error labels unwind everything it did, §2.2).
 * What is NOT exercised is the block core's own unwinding inside a real
 * failing add_disk(); that is the kernel's code, not the driver's.
 *
 * Outcome: a failure before any disk went live (dev_alloc, disk_alloc at
 * any disk, add_disk at disk 0) fails the load with -ENOMEM.  A failure
 * after a disk went live (add_disk at disk 1 or later, post_add) removes
 * every disk and the load succeeds without disks - see gdram_init() for
 * why it must not fail then.  Either way no disk and no memory is left.
 */
enum gdram_fail_step {
	GDRAM_FAIL_NONE,
	GDRAM_FAIL_DEV_ALLOC,	/* private data allocation */
	GDRAM_FAIL_DISK_ALLOC,	/* blk_alloc_disk() */
	GDRAM_FAIL_ADD_DISK,	/* add_disk() */
	GDRAM_FAIL_POST_ADD,	/* an init step after all disks were added */
};

static const char * const gdram_fail_names[] = {
	[GDRAM_FAIL_NONE]	= "none",
	[GDRAM_FAIL_DEV_ALLOC]	= "dev_alloc",
	[GDRAM_FAIL_DISK_ALLOC]	= "disk_alloc",
	[GDRAM_FAIL_ADD_DISK]	= "add_disk",
	[GDRAM_FAIL_POST_ADD]	= "post_add",
};

static enum gdram_fail_step gdram_fail_step;

/*
 * True if the failure named by fail_at= is due at @step for disk @index.
 * post_add is not tied to a disk; its caller passes fail_disk.
 */
static bool gdram_should_fail(enum gdram_fail_step step, unsigned int index)
{
	if (gdram_fail_step != step || index != fail_disk)
		return false;
	pr_info("fail_at=%s fail_disk=%u: injecting -ENOMEM\n",
		gdram_fail_names[step], index);
	return true;
}

/* ------------------------------------------------------------------------
 * Per-disk private data.
 *
 * Backing store: one vmalloc'd, zeroed buffer per disk, allocated before
 * the disk exists.  This is the simplest correct model: the I/O path is a
 * bounds check and a memcpy, never allocates, so it cannot fail for lack
 * of memory, never sleeps (REQ_NOWAIT is trivially honoured) and needs no
 * locking beyond what the data itself needs; reads of never-written
 * sectors return zeroes because the buffer starts zeroed.  The price is
 * that the whole capacity is allocated at load time, which is fine for a
 * test disk of a few MiB.  brd instead keeps a sparse xarray of pages
 * allocated on first write (GFP_NOIO), which scales to large sparse
 * disks but needs allocation-failure handling in the I/O path.
 */
struct gdram_dev {
	struct gendisk	*disk;
	void		*data;		/* capacity_mb MiB, zeroed */
	sector_t	nr_sectors;	/* size of the buffer in 512-byte sectors */
	unsigned int	index;

	/*
	 * Medium state, changed through /sys/block/gdramN/media (removable
	 * disks) and /sys/block/gdramN/capacity (resize).
	 */
	struct mutex	media_lock;
	sector_t	size;		/* medium size, <= nr_sectors */
	bool		media_present;	/* capacity is size, else 0 */
	bool		removing;	/* del_gendisk() is about to run */
};

/* Disks added so far; module init fills it, exit and unwind empty it. */
static struct gdram_dev *gdram_devs[GDRAM_MAX_DISKS];

/*
 * Step 1: private data, including everything needed to serve I/O.  It
 * must be complete before add_disk(), because add_disk() reads the
 * partition table, i.e. calls our submit_bio, before it returns
 * (gendisk-api.md §2.2 step 5; the article: "You should not call
 * add_disk() until your driver is sufficiently initialized to handle
 * requests").
 */
static struct gdram_dev *gdram_alloc_dev(unsigned int index)
{
	struct gdram_dev *gdev;
	size_t size = (size_t)capacity_mb << 20;

	if (gdram_should_fail(GDRAM_FAIL_DEV_ALLOC, index))
		return NULL;

	gdev = kzalloc(sizeof(*gdev), GFP_KERNEL);
	if (!gdev)
		return NULL;

	/*
	 * Not vzalloc(): a capacity larger than memory is a user error that
	 * should fail the load with -ENOMEM, not print an allocation splat.
	 */
	gdev->data = __vmalloc(size, GFP_KERNEL | __GFP_ZERO | __GFP_NOWARN);
	if (!gdev->data) {
		kfree(gdev);
		return NULL;
	}
	gdev->nr_sectors = size >> SECTOR_SHIFT;
	gdev->size = gdev->nr_sectors;
	gdev->index = index;
	mutex_init(&gdev->media_lock);
	gdev->media_present = true;
	return gdev;
}

static void gdram_free_dev(struct gdram_dev *gdev)
{
	mutex_destroy(&gdev->media_lock);
	vfree(gdev->data);
	kfree(gdev);
}

/* ------------------------------------------------------------------------
 * I/O.  gdram is bio-based: fops->submit_bio receives every bio directly,
 * with no request queue scheduling, and must end it with bio_endio().
 */

/*
 * Is @bio acceptable?  It must lie inside the current capacity - which is
 * 0 while a removable disk has no medium, so I/O then fails - and be
 * aligned to the logical block size.  The block layer already rejects most
 * such bios (bio_check_eod(), the direct-I/O alignment checks); a driver
 * checks anyway, because it is the last line before a memcpy into its
 * buffer.  get_capacity() is never larger than nr_sectors, the buffer size.
 *
 * Writes to a read_only=1 disk fail too, as they would on write-protected
 * hardware: set_disk_ro() makes the block layer refuse writes from user
 * space (-EPERM), but a write bio from inside the kernel only gets a
 * "Trying to write to read-only block-device" warning and is passed on
 * (bio_check_ro(), block/blk-core.c:516-534 (6.12)).
 */
static bool gdram_bio_valid(struct bio *bio)
{
	sector_t capacity = get_capacity(bio->bi_bdev->bd_disk);
	sector_t start = bio->bi_iter.bi_sector;
	unsigned int nr = bio_sectors(bio);
	unsigned int lbs_mask = (lbs >> SECTOR_SHIFT) - 1;

	if (read_only && op_is_write(bio_op(bio)))
		return false;
	if ((start | nr) & lbs_mask)
		return false;
	return start <= capacity && nr <= capacity - start;
}

static void gdram_do_rw(struct gdram_dev *gdev, struct bio *bio)
{
	void *store = gdev->data + (bio->bi_iter.bi_sector << SECTOR_SHIFT);
	struct bvec_iter iter;
	struct bio_vec bv;

	/*
	 * bio_for_each_segment() yields single-page segments, so each one can
	 * be mapped with bvec_kmap_local() (the page may be in highmem on
	 * 32-bit machines).
	 */
	bio_for_each_segment(bv, bio, iter) {
		void *mem = bvec_kmap_local(&bv);

		if (bio_data_dir(bio) == WRITE) {
			memcpy(store, mem, bv.bv_len);
		} else {
			memcpy(mem, store, bv.bv_len);
			/* The page may be mapped to user space too. */
			flush_dcache_page(bv.bv_page);
		}
		kunmap_local(mem);
		store += bv.bv_len;
	}
}

/*
 * REQ_OP_DISCARD and REQ_OP_WRITE_ZEROES: both zero the range, so reads
 * after a discard return zeroes (the limits advertise both ops, see
 * gdram_alloc_disk()).
 */
static void gdram_do_zero(struct gdram_dev *gdev, struct bio *bio)
{
	memset(gdev->data + (bio->bi_iter.bi_sector << SECTOR_SHIFT), 0,
	       bio->bi_iter.bi_size);
}

static void gdram_submit_bio(struct bio *bio)
{
	struct gdram_dev *gdev = bio->bi_bdev->bd_disk->private_data;
	blk_status_t status = BLK_STS_OK;

	switch (bio_op(bio)) {
	case REQ_OP_READ:
	case REQ_OP_WRITE:
		if (!gdram_bio_valid(bio))
			status = BLK_STS_IOERR;
		else
			gdram_do_rw(gdev, bio);
		break;
	case REQ_OP_DISCARD:
	case REQ_OP_WRITE_ZEROES:
		if (!gdram_bio_valid(bio))
			status = BLK_STS_IOERR;
		else
			gdram_do_zero(gdev, bio);
		break;
	case REQ_OP_FLUSH:
		/*
		 * Nothing is cached in a volatile way: a write is in the buffer
		 * when its bio ends.  The queue does not advertise a write cache,
		 * so the block layer normally completes flushes itself and
		 * strips REQ_PREFLUSH/REQ_FUA; if one arrives anyway it succeeds.
		 */
		break;
	default:
		status = BLK_STS_NOTSUPP;
		break;
	}
	bio->bi_status = status;
	bio_endio(bio);
}

/*
 * .owner pins this module while any gdram device is open
 * (try_module_get(disk->fops->owner) in block/bdev.c:832 (6.1), :920
 * (6.12)): without it, rmmod could free the code under an open device.
 * No .open/.release: gdram keeps no per-open state, and leaving them out
 * also avoids their prototypes, which differ between 6.1 and 6.12.
 */
static const struct block_device_operations gdram_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= gdram_submit_bio,
};

/* ------------------------------------------------------------------------
 * Removable media: /sys/block/gdramN/media, present only with removable=1.
 *
 * Reading gives 1 (medium present) or 0.  Writing 0 ejects the medium,
 * writing 1 inserts it again (with its old contents: the medium is the
 * buffer).  As in 2.6, "no medium" is capacity 0 (the article: "For
 * removable disks, setting its capacity to zero indicates to the block
 * subsystem that there is currently no media present in the device").
 *
 * The attribute is passed to device_add_disk() so that it exists before
 * the disk's KOBJ_ADD uevent - adding files to the device afterwards
 * would race with udev.  It is removed by del_gendisk() (device_del()),
 * which also waits for any store in progress; after that private_data may
 * be freed.
 */
static ssize_t media_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	struct gdram_dev *gdev = dev_to_disk(dev)->private_data;
	bool present;

	mutex_lock(&gdev->media_lock);
	present = gdev->media_present;
	mutex_unlock(&gdev->media_lock);
	return sysfs_emit(buf, "%d\n", present);
}

static ssize_t media_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	struct gendisk *disk = dev_to_disk(dev);
	struct gdram_dev *gdev = disk->private_data;
	bool present;
	int err;

	err = kstrtobool(buf, &present);
	if (err)
		return err;

	mutex_lock(&gdev->media_lock);
	if (gdev->removing) {
		/* del_gendisk() has begun: no capacity changes any more. */
		err = -ENODEV;
	} else if (present != gdev->media_present) {
		gdev->media_present = present;
		/*
		 * The disk is live, so set_capacity_and_notify(), not
		 * set_capacity(): it logs the change and, for a resize between
		 * two non-zero sizes, sends RESIZE=1.  To or from 0 it sends
		 * no uevent; the media change event below is the notification.
		 */
		set_capacity_and_notify(disk, present ? gdev->size : 0);
		gdram_force_media_change(disk);
	}
	mutex_unlock(&gdev->media_lock);
	return err ? err : count;
}
static DEVICE_ATTR_RW(media);

/*
 * Resize: /sys/block/gdramN/capacity, on every disk.  Reading gives the
 * medium's size in 512-byte sectors; writing a size from one logical
 * block up to the buffer's size (capacity_mb) resizes the medium, as a
 * storage array growing or shrinking a volume would.  The buffer is not
 * reallocated: shrinking hides its end, growing shows it again with the
 * data it held.  set_capacity_and_notify() updates the size the block
 * layer checks I/O against (bio_check_eod()) and sends the "change"
 * uevent with RESIZE=1 that tells user space (udev, file systems on top)
 * to look again - the notification a driver owes when a live disk
 * changes size.  Without a medium only the remembered size changes.
 */
static ssize_t capacity_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	struct gdram_dev *gdev = dev_to_disk(dev)->private_data;
	sector_t size;

	mutex_lock(&gdev->media_lock);
	size = gdev->size;
	mutex_unlock(&gdev->media_lock);
	return sysfs_emit(buf, "%llu\n", (unsigned long long)size);
}

static ssize_t capacity_store(struct device *dev,
			      struct device_attribute *attr, const char *buf,
			      size_t count)
{
	struct gendisk *disk = dev_to_disk(dev);
	struct gdram_dev *gdev = disk->private_data;
	u64 size;
	int err;

	err = kstrtou64(buf, 0, &size);
	if (err)
		return err;
	/* Whole logical blocks, as gdram_bio_valid() checks I/O. */
	if (!size || size > gdev->nr_sectors ||
	    (size & ((lbs >> SECTOR_SHIFT) - 1)))
		return -EINVAL;

	mutex_lock(&gdev->media_lock);
	if (gdev->removing) {
		err = -ENODEV;
	} else {
		gdev->size = size;
		if (gdev->media_present)
			set_capacity_and_notify(disk, size);
	}
	mutex_unlock(&gdev->media_lock);
	return err ? err : count;
}
static DEVICE_ATTR_RW(capacity);

static struct attribute *gdram_attrs[] = {
	&dev_attr_media.attr,
	&dev_attr_capacity.attr,
	NULL,
};

/* media exists only on removable disks, capacity on all. */
static umode_t gdram_attr_visible(struct kobject *kobj, struct attribute *attr,
				  int n)
{
	if (attr == &dev_attr_media.attr && !removable)
		return 0;
	return attr->mode;
}

static const struct attribute_group gdram_attr_group = {
	.attrs		= gdram_attrs,
	.is_visible	= gdram_attr_visible,
};

static const struct attribute_group *gdram_attr_groups[] = {
	&gdram_attr_group,
	NULL,
};

/* ------------------------------------------------------------------------
 * Preparing, adding and removing one disk.
 */

/*
 * Steps 1-3 for disk @index: everything that can fail before the disk is
 * visible.  On success the disk is recorded in gdram_devs[index], ready
 * for add_disk(); on failure nothing is left behind.
 */
static int gdram_prepare_one(unsigned int index)
{
	struct gdram_dev *gdev;
	struct gendisk *disk;
	int err;

	/* Step 1: private data (see gdram_alloc_dev()). */
	gdev = gdram_alloc_dev(index);
	if (!gdev)
		return -ENOMEM;

	/*
	 * Step 2: the gendisk and its request queue.  gdram_alloc_disk()
	 * returns an ERR_PTR on both kernels (blk_alloc_disk() itself returns
	 * NULL on 6.1, an ERR_PTR on 6.12; see gdram_compat.h).  The disk
	 * owns the queue (GD_OWNS_QUEUE): put_disk() frees both, the driver
	 * never frees or replaces disk->queue itself.
	 */
	if (gdram_should_fail(GDRAM_FAIL_DISK_ALLOC, index))
		disk = ERR_PTR(-ENOMEM);
	else
		disk = gdram_alloc_disk(lbs, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto err_free_dev;
	}
	gdev->disk = disk;

	/*
	 * Step 3: fill in the disk.  Everything here must be set before
	 * add_disk(), which dereferences fops at once, names the device after
	 * disk_name, validates the dev_t fields, scans partitions if the
	 * capacity is not 0 and can send I/O before it returns
	 * (gendisk-api.md §2.2).
	 *
	 * Dynamic dev_t: major = first_minor = minors = 0.  add_disk() then
	 * allocates the whole-disk dev_t (and later the partitions') under
	 * BLOCK_EXT_MAJOR (259), so no register_blkdev() is needed and there
	 * is no major to unregister on any path.  minors must stay 0: with
	 * major == 0 and minors != 0 add_disk() WARNs and fails with -EINVAL
	 * (device_add_disk()'s WARN_ON(disk->minors), §2.2).  The allocator zeroed
	 * these fields; they are written out here to show the choice.  The
	 * struct gendisk comment itself says major/first_minor/minors "should
	 * not be set by any new driver".
	 */
	disk->major = 0;
	disk->first_minor = 0;
	disk->minors = 0;
	/* Required: add_disk() oopses on NULL fops, a bio disk needs submit_bio. */
	disk->fops = &gdram_fops;
	/* Ours alone: the block layer never touches it. */
	disk->private_data = gdev;
	/* disk_name is char[DISK_NAME_LEN] (32): bounded write, can't overflow. */
	snprintf(disk->disk_name, DISK_NAME_LEN, "gdram%u", index);
	if (removable) {
		disk->flags |= GENHD_FL_REMOVABLE;
		/*
		 * Media changes are pushed by gdram_force_media_change(), not
		 * polled (no fops->check_events), but the uevent is only sent
		 * for events listed here.  DISK_EVENT_FLAG_UEVENT makes
		 * /sys/block/gdramN/events show "media_change".
		 */
		disk->events = DISK_EVENT_MEDIA_CHANGE;
		disk->event_flags = DISK_EVENT_FLAG_UEVENT;
	}
	/*
	 * Capacity is always in 512-byte sectors, whatever the logical block
	 * size (the article: "The size value should be in 512-byte sectors,
	 * even if the hardware sector size used by your device is
	 * different").  The disk is not live yet, so plain set_capacity().
	 */
	set_capacity(disk, gdev->nr_sectors);
	set_disk_ro(disk, read_only);

	gdram_devs[index] = gdev;
	return 0;

err_free_dev:
	gdram_free_dev(gdev);
	return err;
}

/*
 * Undo gdram_prepare_one() for a disk that was never added - or whose
 * add_disk() failed, which leaves the disk in the same state: not added,
 * not live (device_add_disk() unwinds everything it did, §2.2, §2.6).
 * So: put_disk() only.  del_gendisk() here would WARN
 * (WARN_ON_ONCE(!disk_live(disk)) at the top of del_gendisk(), §2.5).
 * ->free_disk would not run either (only after a successful add,
 * disk_release() tests GD_ADDED, §2.1), one reason gdram frees its
 * private data itself, after put_disk(), on every path.
 */
static void gdram_put_unadded(struct gdram_dev *gdev)
{
	put_disk(gdev->disk);
	gdram_devs[gdev->index] = NULL;
	gdram_free_dev(gdev);
}

/*
 * Step 4: make the disk live.  From here on it is visible, can be opened
 * and receives I/O: add_disk() itself reads the partition table.
 * add_disk() is __must_check (blkdev.h:754-756 (6.1), :792-794 (6.12));
 * device_add_disk(NULL, ...) is add_disk() with sysfs groups.  The
 * injected failure skips the call and returns -ENOMEM, leaving the disk
 * exactly as a failed add_disk() leaves it: not added, not live.
 */
static int gdram_add_disk(struct gdram_dev *gdev)
{
	if (gdram_should_fail(GDRAM_FAIL_ADD_DISK, gdev->index))
		return -ENOMEM;
	return device_add_disk(NULL, gdev->disk, gdram_attr_groups);
}

/*
 * Remove one added disk.  The order is fixed:
 *  - del_gendisk() first: it unhashes the block device (no new opens),
 *    removes partitions and the sysfs files (waiting for stores in
 *    progress), writes back and invalidates cached data, marks the disk
 *    dead and drains I/O.  After it returns no bio reaches submit_bio
 *    (the article: "After a call to del_gendisk(), no more operations
 *    will be sent to the given device").
 *  - put_disk() second: it drops the driver's reference; the gendisk and
 *    its queue are freed once nobody else holds one.  put_disk() on a
 *    disk that is still added only leaks it (the block class keeps a
 *    reference until device_del()); put_disk() before del_gendisk()
 *    makes del_gendisk() touch freed memory.
 *  - private data last: until del_gendisk() returned it could still be
 *    used by submit_bio and media_store; after put_disk() the driver must
 *    not touch the disk, so nothing reads disk->private_data any more.
 */
static void gdram_del_one(struct gdram_dev *gdev)
{
	mutex_lock(&gdev->media_lock);
	gdev->removing = true;
	mutex_unlock(&gdev->media_lock);

	del_gendisk(gdev->disk);
	put_disk(gdev->disk);
	gdram_devs[gdev->index] = NULL;
	gdram_free_dev(gdev);
}

/* ------------------------------------------------------------------------
 * Module init and exit.
 */

/* Reject bad parameters before anything is allocated: -EINVAL, no splat. */
static int gdram_check_params(void)
{
	int step;

	if (nr_disks < 1 || nr_disks > GDRAM_MAX_DISKS) {
		pr_err("nr_disks=%u: must be 1..%d\n", nr_disks, GDRAM_MAX_DISKS);
		return -EINVAL;
	}
	/* The size in bytes must fit in size_t (and so in sector_t). */
	if (capacity_mb < 1 || capacity_mb > (SIZE_MAX >> 20)) {
		pr_err("capacity_mb=%lu: must be 1..%lu\n", capacity_mb,
		       (unsigned long)(SIZE_MAX >> 20));
		return -EINVAL;
	}
	/*
	 * 6.12 would reject a bad size in blk_validate_limits(); 6.1 would
	 * accept it silently.  Check here so both behave the same.
	 */
	if (lbs < SECTOR_SIZE || lbs > 4096 || !is_power_of_2(lbs)) {
		pr_err("lbs=%u: must be 512, 1024, 2048 or 4096\n", lbs);
		return -EINVAL;
	}
	step = sysfs_match_string(gdram_fail_names, fail_at);
	if (step < 0) {
		pr_err("fail_at=%s: unknown step\n", fail_at);
		return -EINVAL;
	}
	gdram_fail_step = step;
	/* A fail_disk that no disk has would silently inject nothing. */
	if (fail_disk >= nr_disks) {
		pr_err("fail_disk=%u: must be below nr_disks=%u\n",
		       fail_disk, nr_disks);
		return -EINVAL;
	}
	return 0;
}

/*
 * Module init has two halves, split at the first add_disk():
 *
 *  1. Prepare every disk (steps 1-3).  Nothing is visible yet, so any
 *     failure simply undoes the prepared disks with put_disk() and fails
 *     the load.
 *
 *  2. Add the disks (step 4), then run any later init step.  Once one
 *     disk is live, module init must not fail any more.  The 2.6 article
 *     already said so ("If you are calling add_disk() in your driver
 *     initialization routine, you should not fail the initialization
 *     process after the first call"); the reason today is that a live
 *     disk can already be open - by udev, and on 6.12 by add_disk()
 *     itself, whose partition scan ends with fput(), which from a user
 *     task defers the final release to task_work that runs only when
 *     insmod returns to user space (disk_scan_partitions(),
 *     block/genhd.c, called from add_disk_final(), §2.2 step 5
 *     (6.12)).  Every open holds a reference on this module
 *     (fops->owner), but a failing module init frees the
 *     module regardless of its reference count (do_init_module(),
 *     kernel/module/main.c (6.12)), so the late release then
 *     calls through disk->fops into freed module memory: an oops,
 *     observed in QEMU on Debian's 6.12 kernel even with a correct
 *     del_gendisk() + put_disk() unwind.
 *
 *     So a failure after the first successful add_disk() is handled by
 *     taking down every live disk with del_gendisk() + put_disk() (and
 *     the not-yet-added ones with put_disk() alone), logging the error
 *     and returning 0: the module stays loaded without disks, and the
 *     pending releases find its code still there.  Better still, a real
 *     driver does all fallible work before its first add_disk().
 */
static int __init gdram_init(void)
{
	unsigned int nr_prepared, nr_added, i;
	int err;

	err = gdram_check_params();
	if (err)
		return err;

	/* Half 1: prepare all disks; nothing is visible yet. */
	for (nr_prepared = 0; nr_prepared < nr_disks; nr_prepared++) {
		err = gdram_prepare_one(nr_prepared);
		if (err)
			goto err_put_prepared;
	}

	/* Half 2: go live. */
	for (nr_added = 0; nr_added < nr_disks; nr_added++) {
		err = gdram_add_disk(gdram_devs[nr_added]);
		if (err)
			break;
	}
	if (err && nr_added == 0) {
		/* Not one disk went live: failing the load is still safe. */
		goto err_put_prepared;
	}

	/*
	 * A later init step.  gdram has no further work to do here; the step
	 * exists so that fail_at=post_add exercises the unwinding of disks
	 * that are all live, as a driver needs it when, say, registering a
	 * notifier fails after its disks were added.
	 */
	if (!err && gdram_should_fail(GDRAM_FAIL_POST_ADD, fail_disk))
		err = -ENOMEM;

	if (err) {
		pr_err("init failed (%d) after %u disk(s) went live: all disks removed, module stays loaded\n",
		       err, nr_added);
		for (i = nr_disks; i-- > nr_added; )
			gdram_put_unadded(gdram_devs[i]);
		for (i = nr_added; i-- > 0; )
			gdram_del_one(gdram_devs[i]);
		return 0;
	}

	pr_info("%u disk(s) of %lu MiB, logical block size %u%s%s\n",
		nr_disks, capacity_mb, lbs, read_only ? ", read-only" : "",
		removable ? ", removable" : "");
	return 0;

err_put_prepared:
	/* Reverse order of creation; none of these disks was ever added. */
	while (nr_prepared--)
		gdram_put_unadded(gdram_devs[nr_prepared]);
	return err;
}

/*
 * Remove every disk that is still there: all of them after a normal
 * load, none after a failure that left the module loaded without disks.
 */
static void __exit gdram_exit(void)
{
	unsigned int i = GDRAM_MAX_DISKS;

	while (i--) {
		if (gdram_devs[i])
			gdram_del_one(gdram_devs[i]);
	}
}

module_init(gdram_init);
module_exit(gdram_exit);

MODULE_DESCRIPTION("gendisk-check reference bio-based RAM disk");
MODULE_LICENSE("GPL");
