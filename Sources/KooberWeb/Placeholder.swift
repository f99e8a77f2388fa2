enum KooberWebPlaceholder {}
