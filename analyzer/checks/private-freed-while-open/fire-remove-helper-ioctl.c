// SPDX-License-Identifier: GPL-2.0
/*
 * The teardown is a helper that a PCI driver's .remove calls (the call
 * graph, not the function itself, says how it is reached), and the
 * callback that reads the private data is ->ioctl, through
 * bdev->bd_disk: an opener may issue it after the device was unplugged.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/pci.h>
#include <linux/slab.h>

struct hx_dev {
	struct gendisk *disk;
	u32 model;
};

static int hx_ioctl(struct block_device *bdev, blk_mode_t mode,
		    unsigned int cmd, unsigned long arg)
{
	struct hx_dev *dev = bdev->bd_disk->private_data;

	if (cmd != 0x4801)
		return -ENOTTY;
	return put_user(dev->model, (u32 __user *)arg);
}

static void hx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations hx_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= hx_ioctl,
	.submit_bio	= hx_submit_bio,
};

static void hx_teardown(struct hx_dev *dev)
{
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

static int hx_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct hx_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		kfree(dev);
		return err;
	}
	dev->disk->fops = &hx_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "hx0", DISK_NAME_LEN);
	set_capacity(dev->disk, 4096);
	err = add_disk(dev->disk);
	if (err) {
		put_disk(dev->disk);
		kfree(dev);
		return err;
	}
	pci_set_drvdata(pdev, dev);
	return 0;
}

static void hx_remove(struct pci_dev *pdev)
{
	hx_teardown(pci_get_drvdata(pdev));
}

static const struct pci_device_id hx_ids[] = {
	{ PCI_DEVICE(0x1af4, 0x10ff) },
	{ }
};

static struct pci_driver hx_driver = {
	.name		= "hx-disk",
	.id_table	= hx_ids,
	.probe		= hx_probe,
	.remove		= hx_remove,
};
module_pci_driver(hx_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: a helper of .remove frees the private data ->ioctl reads
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 *
 * check-output-start
fire-remove-helper-ioctl.c:43:2: warning: 'dev' freed after del_gendisk(dev->disk) while the disk may still be open: hx_fops's .ioctl (hx_ioctl) reads disk->private_data later; free it from ->free_disk [private-freed-while-open]
fire-remove-helper-ioctl.c:41:2: note: del_gendisk() here does not wait for the openers
fire-remove-helper-ioctl.c:35:3: note: the callback an opener still calls
 * check-output-end
 */
