enum KooberTestSupportPlaceholder {}
