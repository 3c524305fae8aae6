package upload

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	"courtier/pkg/fr"
)

// maxSide bounds each side of an image whatever MaxPixels says: a 1 × 40
// million strip is no photo, and decoders allocate per row or column.
const maxSide = 20_000

// maxScans bounds the scans of a JPEG. Progressive photos have about
// ten; thousands of nearly empty scans over a large image are a known
// way to make a small file cost minutes of decoding (libjpeg-turbo's
// LJT-01-003). Start-of-scan markers are counted as bytes: entropy-coded
// data never holds FF DA, and a count that also sees one inside an Exif
// thumbnail errs on the safe side.
const maxScans = 100

// jpegQuality is the quality photos are encoded again with: no visible
// loss on a document photo, about the size a phone writes.
const jpegQuality = 90

// cleanImage decodes an image and encodes it again, which keeps the
// pixels and nothing else: every metadata segment or chunk is left behind.
// The declared size is read first, so a small file that declares a huge
// image (a decompression bomb) is refused before any pixel is allocated.
// The decoders are called directly, not through image.Decode, so no other
// format registered elsewhere in the program can slip in.
func cleanImage(k Kind, data []byte, maxPixels int) ([]byte, error) {
	decodeConfig, decode := png.DecodeConfig, png.Decode
	if k == JPEG {
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, refuse(msgImageBroken)
	}
	if err := checkSize(cfg, maxPixels); err != nil {
		return nil, err
	}
	if k == JPEG && bytes.Count(data, []byte{0xFF, 0xDA}) > maxScans {
		return nil, refuse(msgImageBroken)
	}
	img, err := decode(bytes.NewReader(data))
	if err != nil {
		return nil, refuse(msgImageBroken)
	}
	var out bytes.Buffer
	if k == JPEG {
		img = orient(img, exifOrientation(data))
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: jpegQuality})
	} else {
		err = (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&out, img)
	}
	if err != nil {
		// The decoder's own images always encode; this is a bug of ours.
		return nil, err
	}
	return out.Bytes(), nil
}

// checkSize refuses an image whose declared size is empty or too large.
// Images of 16 bits per channel take twice the memory of 8-bit ones once
// decoded, so they count their pixels twice: MaxPixels bounds memory too.
func checkSize(cfg image.Config, maxPixels int) error {
	w, h := int64(cfg.Width), int64(cfg.Height)
	if w <= 0 || h <= 0 {
		return refuse(msgImageBroken)
	}
	if w > maxSide || h > maxSide {
		return refuse(msgImageSide, fr.Int(maxSide))
	}
	limit := int64(maxPixels)
	if wide(cfg.ColorModel) {
		limit /= 2
	}
	if w*h > limit {
		return refuse(msgImagePixels, pixelsText(int(limit)))
	}
	return nil
}

// wide reports the colour models of 16 bits per channel.
func wide(m color.Model) bool {
	return m == color.RGBA64Model || m == color.NRGBA64Model || m == color.Gray16Model
}
