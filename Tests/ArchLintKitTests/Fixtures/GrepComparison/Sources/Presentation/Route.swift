import Foundation

/// Every case opens one screen; NavigationRouter maps them to views.
enum Route: Hashable {
    case pantry
    case itemDetail(PantryItem)
    case shoppingList
    case settings
    case about
    case recipes
    case licenses,
         feedback
    // case barcodeScanner: removed in 2.0, deep links now open the pantry
}

/// How a screen is presented. Not a route: NavigationRouter never switches over it.
enum RoutePresentation {
    case push
    case sheet
}
