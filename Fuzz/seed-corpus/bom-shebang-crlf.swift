#!/usr/bin/env swift
import Foundation

let name = "carriagereturn"
print("hello, \(name)")let nbsp = 1
// form feed above
