export declare function executable(file: string): boolean;
export declare function canInstallPackages(): boolean;
export declare function installPackages(packages: string[]): void;
