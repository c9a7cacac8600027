// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-late-attach-write.c: the attach helper, reached from
 * init after add_disk() and from a /proc write handler, sizes the live
 * disk with set_capacity_and_notify().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/proc_fs.h>
#include <linux/string.h>
#include <linux/err.h>
#include <linux/fs.h>

struct lat_dev {
	struct gendisk *disk;
	sector_t backing_sectors;
	bool attached;
};

static struct lat_dev lat;
static struct proc_dir_entry *lat_proc;

static void lat_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations lat_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= lat_submit_bio,
};

static int lat_attach(struct lat_dev *dev, const char *spec)
{
	unsigned long long sectors;

	if (dev->attached)
		return -EBUSY;
	if (kstrtoull(spec, 0, &sectors))
		return -EINVAL;
	dev->backing_sectors = sectors;
	dev->attached = true;
	set_capacity_and_notify(dev->disk, dev->backing_sectors);
	return 0;
}

static void lat_detach(struct lat_dev *dev)
{
	dev->attached = false;
}

static ssize_t lat_proc_write(struct file *file, const char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct lat_dev *dev = pde_data(file_inode(file));
	char *spec;
	int err;

	spec = memdup_user_nul(buf, count);
	if (IS_ERR(spec))
		return PTR_ERR(spec);
	lat_detach(dev);
	err = lat_attach(dev, spec);
	kfree(spec);
	return err ? err : count;
}

static const struct proc_ops lat_proc_ops = {
	.proc_write	= lat_proc_write,
};

static int __init lat_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &lat_fops;
	strscpy(disk->disk_name, "lat0", DISK_NAME_LEN);
	lat.disk = disk;
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	lat_proc = proc_create_data("lat0", 0200, NULL, &lat_proc_ops, &lat);
	lat_attach(&lat, "4096");
	return 0;
}

static void __exit lat_exit(void)
{
	proc_remove(lat_proc);
	del_gendisk(lat.disk);
	put_disk(lat.disk);
}

module_init(lat_init);
module_exit(lat_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: attach helper reached from /proc write, with set_capacity_and_notify
 * check-command: gendisk-lint --rule capacity-no-notify --kdir $KDIR $file
 *
 * check-output-start
 * check-output-end
 */
